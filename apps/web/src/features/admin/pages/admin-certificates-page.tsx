import {
  ADMIN_CERTIFICATE_VIEWS,
  type AdminCertificate,
  type CertificateStatus,
  certificateStates,
} from '@hostpilot/shared';
import { RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey } from '@/lib/account-errors';
import type { StatusTone } from '@/lib/status';
import { useAdminCertificates, useRetryCertificate } from '../api/use-certificates';
import { useCan } from '../api/use-permissions';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { type ListSpec, useListControls, useTableControls } from '../lib/use-table-controls';

/** What the certificate list sorts and filters by (GET /api/admin/certificates). */
export const CERTIFICATES_LIST = {
  sorts: ['notAfter', 'updatedAt'],
  defaultSort: 'notAfter',
  defaultDirection: 'asc',
  filters: { view: ADMIN_CERTIFICATE_VIEWS, status: certificateStates.states },
} as const satisfies ListSpec;

const TONE: Record<CertificateStatus, StatusTone> = {
  ordered: 'info',
  validating: 'info',
  issued: 'success',
  renewing: 'info',
  failed: 'danger',
  expired: 'warning',
  revoked: 'neutral',
};

/** Certificates a Retry applies to (the API answers 409 for the others). */
const RETRYABLE: readonly CertificateStatus[] = ['failed', 'expired', 'issued'];

/**
 * Every SSL certificate (docs/decisions/049-certificates-through-acme.md) with its issuer, expiry and state; a
 * failure with the CA's problem document; a warning of those expiring within 14 days that are not renewing.
 * Retry needs `provisioning.write` and is audited.
 */
export function AdminCertificatesPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(CERTIFICATES_LIST);
  const query = useAdminCertificates(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const canWrite = useCan('provisioning.write');
  const retry = useRetryCertificate();

  const columns = useMemo<Column<AdminCertificate>[]>(
    () => [
      {
        key: 'domain',
        header: t('certificates.columns.domain'),
        rowHeader: true,
        cell: (certificate) => (
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{certificate.names.join(', ')}</p>
            <p className="break-words text-slate-600">
              {certificate.serviceName} · {certificate.owner.email}
            </p>
          </div>
        ),
      },
      {
        key: 'status',
        header: t('certificates.columns.status'),
        cell: (certificate) => (
          <StatusBadge tone={TONE[certificate.status]} label={t(`certificates.statuses.${certificate.status}`)} />
        ),
      },
      {
        key: 'issuer',
        header: t('certificates.columns.issuer'),
        cell: (certificate) => (
          <span className="break-words text-slate-700">{certificate.issuer ?? t('certificates.notIssued')}</span>
        ),
      },
      {
        key: 'expiry',
        header: t('certificates.columns.expiry'),
        cell: (certificate) =>
          certificate.notAfter ? (
            <div>
              <time dateTime={certificate.notAfter} className="text-slate-900 md:whitespace-nowrap">
                {format.date(certificate.notAfter)}
              </time>
              <p className="text-slate-600">{t('certificates.daysLeft', { count: certificate.daysLeft ?? 0 })}</p>
            </div>
          ) : (
            <span className="text-slate-500">—</span>
          ),
      },
      {
        key: 'failure',
        header: t('certificates.columns.failure'),
        cell: (certificate) =>
          certificate.failureCode ? (
            <div className="max-w-sm min-w-0">
              <p className="font-medium text-red-700">{certificate.failureCode}</p>
              {certificate.problem && (
                <details className="mt-1">
                  <summary className="cursor-pointer text-slate-700">{t('certificates.problem')}</summary>
                  <pre className="mt-1 max-w-full overflow-x-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap break-all text-slate-800">
                    {JSON.stringify(certificate.problem, null, 2)}
                  </pre>
                </details>
              )}
            </div>
          ) : (
            <span className="text-slate-500">—</span>
          ),
      },
      {
        key: 'actions',
        header: t('certificates.columns.actions'),
        stackedLabel: null,
        cell: (certificate) =>
          canWrite && RETRYABLE.includes(certificate.status) ? (
            <RowAction
              label={t('certificates.retry')}
              subject={certificate.domain}
              icon={RotateCw}
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(certificate.id, {
                  onError: (error) =>
                    show({ title: t('certificates.retry'), body: t(accountErrorKey(error), { ns: 'common' }) }),
                })
              }
            />
          ) : null,
      },
    ],
    [t, format, canWrite, retry, show],
  );

  const counts = query.data?.counts;
  return (
    <>
      <PageHeader title={t('certificates.heading')} description={t('certificates.intro')} />
      {counts && counts.expiring > 0 && list.params.filters.view !== 'expiring' && (
        <Alert tone="error" title={t('certificates.warningTitle', { count: counts.expiring })} className="mb-4">
          <p>{t('certificates.warningBody')}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => list.setFilter('view', 'expiring')}>
            {t('certificates.showWarning')}
          </Button>
        </Alert>
      )}
      {counts && (
        <p className="mb-4 text-sm text-slate-700" aria-live="polite">
          {t('certificates.counts', counts)}
        </p>
      )}
      <AdminList
        caption={t('certificates.caption')}
        items={t('certificates.items')}
        searchLabel={t('certificates.searchLabel')}
        placeholder={t('certificates.searchPlaceholder')}
        columns={columns}
        rowKey={(certificate) => certificate.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'view',
            label: t('certificates.columns.view'),
            values: ADMIN_CERTIFICATE_VIEWS.map((value) => ({ value, label: t(`certificates.views.${value}`) })),
          },
          {
            name: 'status',
            label: t('certificates.columns.status'),
            values: certificateStates.states.map((value) => ({ value, label: t(`certificates.statuses.${value}`) })),
          },
        ]}
        sorts={[
          { value: 'notAfter', label: t('certificates.columns.expiry') },
          { value: 'updatedAt', label: t('list.date') },
        ]}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
