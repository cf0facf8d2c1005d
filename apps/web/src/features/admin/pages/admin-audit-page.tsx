import { auditRoutes } from '@hostpilot/shared';
import { AUDIT_ACTIONS } from '@hostpilot/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { i18n, TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { useAuditLog } from '../api/use-admin-actions';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { DAY_FILTER, type ListSpec, useListControls, useTableControls } from '../lib/use-table-controls';
import type { AdminAuditEntry } from '@hostpilot/shared';

/** What the audit list filters by: the API's actions and days (GET /api/admin/audit). */
export const AUDIT_LIST = {
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { action: AUDIT_ACTIONS, from: DAY_FILTER, to: DAY_FILTER },
} as const satisfies ListSpec;

/** A text of the admin namespace when this version has one, else `fallback` (no missing-key warning). */
function textOr(t: TFunction, i18n: i18n, key: string, fallback: string): string {
  return i18n.exists(key, { ns: 'admin' }) ? t(key, { ns: 'admin' }) : fallback;
}

/** A value of a change in words: a status as the reader's word for it, anything else as it is. */
function valueText(t: TFunction, i18n: i18n, entityType: string, field: string, value: unknown): string {
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  if (field === 'status' && typeof value === 'string') {
    const own = entityType === 'order' ? `orders.status.${value}` : `status.${value.toLowerCase()}`;
    return textOr(t, i18n, own, textOr(t, i18n, `status.${value.toLowerCase()}`, value));
  }
  return value === null ? '—' : String(value);
}

/** A change's values as short "field: value" text, the field and a status in the reader's words. */
function describe(t: TFunction, i18n: i18n, entityType: string, values: unknown): string {
  if (values === null || values === undefined) return '';
  if (typeof values !== 'object') return String(values);
  return Object.entries(values as Record<string, unknown>)
    .map(
      ([field, value]) =>
        `${textOr(t, i18n, `audit.fields.${field}`, field)}: ${valueText(t, i18n, entityType, field, value)}`,
    )
    .join(', ');
}

/**
 * Where an audited record is seen in the back office (docs/decisions/048-operator-journeys.md): its list, searched
 * for its name, or a ticket's own page; none for a record that has no page.
 */
export function auditTargetHref(entry: AdminAuditEntry): string | undefined {
  const { target } = entry;
  if (!target || !entry.entityId) return undefined;
  const search = (list: string, q: string) => `/admin/${list}?q=${encodeURIComponent(q)}`;
  switch (entry.entityType) {
    case 'user':
      return search('users', target.detail ?? target.name);
    case 'service':
      return search('hosting', target.name);
    case 'domain':
      return search('domains', target.name);
    case 'invoice':
    case 'payment':
      return search('billing', target.name);
    case 'order':
      return search('orders', target.name);
    case 'server':
      return search('servers', target.name);
    case 'ticket':
      return `/admin/support/${encodeURIComponent(entry.entityId)}`;
    default:
      return undefined;
  }
}

/**
 * The audit log (docs/decisions/027-back-office-actions-and-audit.md): who did what to which record, before and
 * after, from which address, newest first; searched by actor and filtered by action and days. Read only.
 */
export function AdminAuditPage() {
  const { t, i18n } = useTranslation('admin');
  /**
   * An action's name: its own text; a scheduler job's change (`job.<job>.<action>`) as the job's name and the
   * action's text; an action this version has no text for, as the API wrote it.
   */
  const actionLabel = useCallback(
    (action: string): string => {
      const label = (name: string) => {
        const key = `audit.actions.${name.replace(/\./g, '_')}`;
        return i18n.exists(key, { ns: 'admin' }) ? t(key) : name;
      };
      const job = /^job\.([^.]+)\.(.+)$/.exec(action);
      if (job && i18n.exists(`scheduler.jobs.${job[1]}.name`, { ns: 'admin' })) {
        return `${t(`scheduler.jobs.${job[1]}.name`)}: ${label(job[2]!)}`;
      }
      return label(action);
    },
    [t, i18n],
  );
  const format = useAdminFormat();
  const list = useListControls(AUDIT_LIST);
  const query = useAuditLog(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();

  const columns = useMemo<Column<AdminAuditEntry>[]>(
    () => [
      {
        key: 'when',
        header: t('audit.columns.when'),
        rowHeader: true,
        cell: (entry) => (
          <time dateTime={entry.createdAt} className="whitespace-nowrap text-slate-700">
            {format.dateTime(entry.createdAt)}
          </time>
        ),
      },
      {
        key: 'actor',
        header: t('audit.columns.actor'),
        cell: (entry) =>
          entry.actor ? (
            <div className="min-w-0">
              <p className="text-slate-900">{entry.actor.name}</p>
              <p className="break-words text-slate-600">{entry.actor.email}</p>
            </div>
          ) : (
            <span className="text-slate-500">{t('audit.system')}</span>
          ),
      },
      {
        key: 'action',
        header: t('audit.columns.action'),
        cell: (entry) => {
          const href = auditTargetHref(entry);
          const kind = textOr(t, i18n, `audit.entities.${entry.entityType}`, entry.entityType);
          return (
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{actionLabel(entry.action)}</p>
              {entry.target ? (
                <p className="break-words text-slate-600">
                  {kind}:{' '}
                  {href ? (
                    <Link to={href} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                      {entry.target.name}
                    </Link>
                  ) : (
                    entry.target.name
                  )}
                  {entry.target.detail && <span className="block text-slate-500">{entry.target.detail}</span>}
                </p>
              ) : (
                // A record that is gone (or has no name) is told by its kind and id.
                <p className="break-words text-slate-500">
                  {kind}
                  {entry.entityId ? ` ${entry.entityId}` : ''}
                </p>
              )}
            </div>
          );
        },
      },
      {
        key: 'change',
        header: t('audit.columns.change'),
        cell: (entry) => (
          <dl className="max-w-md text-slate-700">
            {entry.before !== null && (
              <div>
                <dt className="inline font-medium">{t('audit.before')}: </dt>
                <dd className="inline break-words">{describe(t, i18n, entry.entityType, entry.before)}</dd>
              </div>
            )}
            {entry.after !== null && (
              <div>
                <dt className="inline font-medium">{t('audit.after')}: </dt>
                <dd className="inline break-words">{describe(t, i18n, entry.entityType, entry.after)}</dd>
              </div>
            )}
          </dl>
        ),
      },
      {
        key: 'address',
        header: t('audit.columns.address'),
        cell: (entry) => <span className="break-words text-slate-700">{entry.clientIp ?? '—'}</span>,
      },
    ],
    [t, i18n, format, actionLabel],
  );

  return (
    <>
      <PageHeader title={t('audit.heading')} description={t('audit.intro')} />
      <AdminList
        caption={t('audit.caption')}
        items={t('audit.items')}
        searchLabel={t('audit.searchLabel')}
        placeholder={t('audit.searchPlaceholder')}
        columns={columns}
        rowKey={(entry) => entry.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'action',
            label: t('audit.columns.action'),
            values: AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value.replace(/\./g, '_')}`) })),
          },
        ]}
        dates={[
          { name: 'from', label: t('audit.from') },
          { name: 'to', label: t('audit.to') },
        ]}
        sorts={[{ value: 'createdAt', label: t('list.date') }]}
        onNotice={show}
        exportRoute={auditRoutes.getAdminAuditExport}
      />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
