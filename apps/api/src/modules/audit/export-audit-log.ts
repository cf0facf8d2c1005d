import type { adminAuditExportQuerySchema, Language } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { batches, csvStream } from '../../lib/documents/csv-export';
import { adminTextsOf } from '../../lib/documents/texts';
import { iso } from '../../lib/staff-list';
import { searchAuditLog } from './audit.repository';

/**
 * Every audit entry the filters match as CSV in `language` (docs/decisions/027-back-office-actions-and-audit.md):
 * the file's name and its stream, read page by page.
 */
export function exportAuditLog(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminAuditExportQuerySchema>,
  language: Language,
) {
  const t = adminTextsOf(language);
  const { rows } = searchAuditLog(db, kind, query);
  const lines = async function* () {
    for await (const page of batches(rows)) {
      yield page.map((row) => [
        iso(row.createdAt),
        row.email ?? t('audit.system'),
        t(`audit.actions.${row.action.replace(/\./g, '_')}`, { defaultValue: row.action }),
        [row.entityType, row.entityId].filter(Boolean).join(' '),
        row.before ?? '',
        row.after ?? '',
        row.clientIp ?? '',
      ]);
    }
  };
  const heading = [
    t('audit.columns.when'),
    t('audit.columns.actor'),
    t('audit.columns.action'),
    t('audit.columns.record'),
    t('audit.before'),
    t('audit.after'),
    t('audit.columns.address'),
  ];
  return { fileName: `${t('audit.exportFile')}.csv`, stream: csvStream(language, heading, lines()) };
}
