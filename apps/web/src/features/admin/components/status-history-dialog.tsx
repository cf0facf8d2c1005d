import type { SchedulerJobName } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { QueryView } from '@/components/ui/query-view';
import { adminQueries } from '../api/queries';
import { useCan } from '../api/use-permissions';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';

export interface HistoryTarget {
  entity: 'services' | 'domains';
  id: string;
  /** What the row is called: the service's domain, the domain's name. */
  name: string;
}

/**
 * The status history of a service or a domain (docs/decisions/030-lifecycle-automation.md), newest first: when,
 * from what to what, by whom (a person, or which scheduled job) and why.
 */
export function StatusHistoryDialog({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={target ? t('history.title', { name: target.name }) : ''}
      closeLabel={t('history.close')}
    >
      {target && <HistoryList target={target} />}
      {target && <ProvisioningLink target={target} />}
    </Dialog>
  );
}

/** The way to the resource's provisioning tasks (docs/decisions/042-provisioning-engine.md), for who may read them. */
function ProvisioningLink({ target }: { target: HistoryTarget }) {
  const { t } = useTranslation('admin');
  const canRead = useCan('provisioning.read');
  if (!canRead) return null;
  const type = target.entity === 'services' ? 'service' : 'domain';
  const search = new URLSearchParams({ resourceType: type, resourceId: target.id });
  return (
    <p className="mt-4 text-sm">
      <Link
        className="font-medium text-brand-700 underline-offset-2 hover:underline"
        to={`/admin/provisioning?${search.toString()}`}
      >
        {t('provisioning.historyLink')}
      </Link>
    </p>
  );
}

function HistoryList({ target }: { target: HistoryTarget }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const history = useQuery(adminQueries.history(target.entity, target.id));
  return (
    <QueryView query={history} loadingLabel={t('history.loading')} errorTitle={t('history.loadFailed')}>
      {({ items }) =>
        items.length === 0 ? (
          <p>{t('history.empty')}</p>
        ) : (
          <ol aria-label={t('history.caption')} className="max-h-[60vh] space-y-3 overflow-y-auto">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-900">
                  {item.from ? statusLabel(t, item.from) : '—'}
                  <ArrowRight aria-label="→" className="size-4 text-slate-500" />
                  {statusLabel(t, item.to)}
                </p>
                <p className="text-slate-600">
                  <time dateTime={item.at}>{format.dateTime(item.at)}</time>
                  {' · '}
                  {item.job
                    ? t('history.byJob', { job: t(`scheduler.jobs.${item.job as SchedulerJobName}.name`) })
                    : (item.actor?.name ?? t('history.bySystem'))}
                </p>
                {item.reason && (
                  <p className="text-slate-600">
                    {t('history.columns.reason')}: {t(`history.reasons.${item.reason}`, { defaultValue: item.reason })}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )
      }
    </QueryView>
  );
}
