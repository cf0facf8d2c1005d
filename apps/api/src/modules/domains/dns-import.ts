import {
  type DnsImportResult,
  type DnsRecord,
  type FieldError,
  parseZoneFile,
  validationMessage,
  zoneProblemField,
} from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { changeDomain, type DomainActionDeps, type DomainEditor, journalOf } from './domain-actions';
import { dnsRecordKeys } from './domain-edits.repository';
import { insertRecord } from './dns-records';

/**
 * Imports a pasted BIND zone file (docs/decisions/046-dns-on-powerdns.md): every line is checked with the
 * editor's rules and against the zone's records, then all its records are added in this one transaction,
 * each as the editor adds one; a record already in the zone is not added twice. Any problem writes nothing
 * and answers 400 with a field per line (`lines.<n>.<field>`).
 */
export function importDnsZone(
  deps: DomainActionDeps,
  editor: DomainEditor,
  id: string,
  source: string,
): Promise<DnsImportResult> {
  return changeDomain(deps, editor, id, true, async (trx, domain, now) => {
    const existing = await dnsRecordKeys(trx, id);
    const parsed = parseZoneFile(source, domain.name, existing);
    if (parsed.problems.length > 0) {
      const fields: Record<string, FieldError> = {};
      for (const problem of parsed.problems) {
        fields[zoneProblemField(problem)] ??= { code: problem.code, message: validationMessage(problem.code) };
      }
      throw new AppError('VALIDATION_FAILED', { fields });
    }
    const added: DnsRecord[] = [];
    for (const record of parsed.records) added.push(await insertRecord(trx, editor, domain, record, now));
    await journalOf(trx, editor, domain, now).activity({
      action: 'dns.zoneImported',
      subjectType: 'domain',
      subjectId: id,
      params: { domain: domain.name, count: added.length },
    });
    return { added, unchanged: parsed.unchanged, skipped: parsed.skipped };
  });
}
