import type { Certificate, CertificateKeyType } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, KeyRound, RefreshCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { PasswordField } from '@/components/ui/password-field';
import { QueryView } from '@/components/ui/query-view';
import { RadioGroup } from '@/components/ui/radio-group';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import type { StatusTone } from '@/lib/status';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { ApiError } from '@/lib/http';
import {
  certificateQuery,
  certificateWorking,
  useCertificateDownload,
  useCertificateKeyDownload,
  useReissueCertificate,
  useRevokeCertificate,
} from '../api/certificate-actions';
import { Panel } from '../components/panel';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';

const TONE: Record<Certificate['status'], StatusTone> = {
  ordered: 'info',
  validating: 'info',
  issued: 'success',
  renewing: 'info',
  failed: 'danger',
  expired: 'warning',
  revoked: 'danger',
};

/**
 * A service's SSL certificate (docs/decisions/049-certificates-through-acme.md): status, names, issuer, serial,
 * validity and days left; the certificate with its chain and, after the password, its private key; Reissue;
 * Revoke once the service is cancelled; the earlier certificates still valid.
 */
export function DashboardCertificatePage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const query = useQuery(certificateQuery(id));
  const missing = query.error instanceof ApiError && query.error.status === 404;

  return (
    <>
      <Link
        to={dashboardPaths.services}
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('certificates.page.back')}
      </Link>
      {missing ? (
        <EmptyState
          icon={ShieldCheck}
          title={t('certificates.page.empty.title')}
          description={t('certificates.page.empty.description')}
        />
      ) : (
        <QueryView
          query={query}
          loadingLabel={t('certificates.page.loading')}
          errorTitle={t('certificates.page.loadError')}
          skeleton={<SkeletonRows rows={6} />}
        >
          {(certificate) => <CertificateView serviceId={id} certificate={certificate} />}
        </QueryView>
      )}
    </>
  );
}

function CertificateView({ serviceId, certificate }: { serviceId: string; certificate: Certificate }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const download = useCertificateDownload(serviceId);
  const [dialog, setDialog] = useState<'key' | 'reissue' | 'revoke' | null>(null);
  const close = () => setDialog(null);
  const issued = certificate.serial !== null && certificate.status !== 'revoked';
  const missingValue = <span className="text-slate-500">{t('certificates.page.notIssuedYet')}</span>;

  return (
    <>
      <PageHeader
        title={t('certificates.page.heading', { domain: certificate.domain })}
        description={t('certificates.page.intro')}
      />
      {certificateWorking(certificate) && (
        <Alert tone="info" className="mb-6">
          {t('certificates.page.working')}
        </Alert>
      )}
      {certificate.status === 'failed' && certificate.failureCode && (
        <Alert tone="error" title={t('certificates.page.failedTitle')} className="mb-6">
          {t(`certificates.failure.${certificate.failureCode}`, {
            defaultValue: t('certificates.failure.ca-error'),
          })}
        </Alert>
      )}
      <dl className="mb-6 grid gap-4 rounded-(--radius-card) border border-slate-200 bg-white p-5 shadow-(--shadow-card) sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-500">{t('certificates.page.status')}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <StatusBadge tone={TONE[certificate.status]} label={t(`certificates.status.${certificate.status}`)} />
            {certificate.daysLeft !== null && issued && (
              <span className="text-sm font-medium text-slate-700">
                {t('certificates.page.daysLeft', { count: certificate.daysLeft })}
              </span>
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-slate-500">{t('certificates.page.names')}</dt>
          <dd className="mt-1 font-medium break-words text-slate-900">
            <ul>
              {certificate.names.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t('certificates.page.keyType')}</dt>
          <dd className="mt-1 font-medium text-slate-900">{t(`certificates.page.keyTypes.${certificate.keyType}`)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-slate-500">{t('certificates.page.issuer')}</dt>
          <dd className="mt-1 font-medium break-words text-slate-900">{certificate.issuer ?? missingValue}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-slate-500">{t('certificates.page.serial')}</dt>
          <dd className="mt-1 font-mono text-sm break-all text-slate-900">{certificate.serial ?? missingValue}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t('certificates.page.validFrom')}</dt>
          <dd className="mt-1 font-medium text-slate-900">
            {certificate.notBefore ? format.date(certificate.notBefore) : missingValue}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">{t('certificates.page.validTo')}</dt>
          <dd className="mt-1 font-medium text-slate-900">
            {certificate.notAfter ? format.date(certificate.notAfter) : missingValue}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-sm text-slate-500">{t('certificates.page.installedTitle')}</dt>
          <dd className="mt-1 text-slate-900">
            {certificate.installed ? (
              <>
                <StatusBadge tone="success" label={t('certificates.page.installed')} />
                <span className="mt-1 block text-sm break-words text-slate-600">
                  {certificate.installed.serial === certificate.serial
                    ? t('certificates.page.installedDetail', {
                        domain: certificate.installed.domain,
                        date: format.date(certificate.installed.since),
                      })
                    : t('certificates.page.installedPrevious')}
                </span>
              </>
            ) : (
              <span className="text-slate-500">{t('certificates.page.notInstalled')}</span>
            )}
          </dd>
        </div>
      </dl>
      {download.isError && (
        <Alert tone="error" title={t('certificates.page.downloadFailed')} className="mb-4">
          {tc(accountErrorKey(download.error))}
        </Alert>
      )}
      <div className="mb-6 flex flex-wrap gap-2">
        {issued && (
          <>
            <Button
              onClick={() => download.mutate(undefined)}
              disabled={download.isPending}
              aria-busy={download.isPending}
            >
              <Download aria-hidden="true" className="size-4" />
              {t('certificates.page.downloadCertificate')}
            </Button>
            <Button variant="secondary" onClick={() => setDialog('key')}>
              <KeyRound aria-hidden="true" className="size-4" />
              {t('certificates.page.downloadKey')}
            </Button>
          </>
        )}
        {certificate.canReissue && (
          <Button variant="secondary" onClick={() => setDialog('reissue')}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('certificates.page.reissue')}
          </Button>
        )}
        {certificate.canRevoke && (
          <Button variant="danger" onClick={() => setDialog('revoke')}>
            <ShieldOff aria-hidden="true" className="size-4" />
            {t('certificates.page.revoke')}
          </Button>
        )}
      </div>
      {certificate.previous.length > 0 && (
        <Panel title={t('certificates.page.previous.title')}>
          <p className="mb-3 text-sm text-slate-600">{t('certificates.page.previous.hint')}</p>
          <ul className="divide-y divide-slate-100">
            {certificate.previous.map((old) => (
              <li key={old.serial} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 text-sm">
                  <span className="font-mono break-all text-slate-900">{old.serial}</span>{' '}
                  <span className="text-slate-600">
                    {t('certificates.page.previous.until', { date: format.date(old.notAfter) })}
                  </span>
                </span>
                <Button variant="secondary" size="sm" onClick={() => download.mutate(old.serial)}>
                  <Download aria-hidden="true" className="size-4" />
                  {t('certificates.page.previous.download')} <span className="sr-only">{old.serial}</span>
                </Button>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <Dialog
        open={dialog === 'key'}
        onClose={close}
        title={t('certificates.page.key.title')}
        closeLabel={tc('actions.close')}
      >
        {dialog === 'key' && <KeyForm serviceId={serviceId} onClose={close} />}
      </Dialog>
      <Dialog
        open={dialog === 'reissue'}
        onClose={close}
        title={t('certificates.page.reissueDialog.title')}
        closeLabel={tc('actions.close')}
      >
        {dialog === 'reissue' && <ReissueForm serviceId={serviceId} current={certificate.keyType} onClose={close} />}
      </Dialog>
      <Dialog
        open={dialog === 'revoke'}
        onClose={close}
        title={t('certificates.page.revokeDialog.title')}
        closeLabel={tc('actions.close')}
      >
        {dialog === 'revoke' && <RevokeForm serviceId={serviceId} domain={certificate.domain} onClose={close} />}
      </Dialog>
    </>
  );
}

function KeyForm({ serviceId, onClose }: { serviceId: string; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const key = useCertificateKeyDownload(serviceId);
  const [password, setPassword] = useState('');
  const fieldError = fieldErrorsOf(key.error).password;
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('certificates.page.key.body')}</p>
      {key.isError && !fieldError && (
        <Alert tone="error" title={t('certificates.page.key.failed')} className="mb-4">
          {tc(accountErrorKey(key.error))}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          key.mutate(password, { onSuccess: onClose });
        }}
      >
        <PasswordField
          label={t('certificates.page.key.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError ? tc(fieldError.code) : undefined}
          showLabel={t('certificates.page.key.show')}
          hideLabel={t('certificates.page.key.hide')}
          required
        />
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={key.isPending ? t('certificates.page.key.submitting') : t('certificates.page.key.submit')}
        pending={key.isPending}
        disabled={password.length === 0}
      />
    </>
  );
}

function ReissueForm({
  serviceId,
  current,
  onClose,
}: {
  serviceId: string;
  current: CertificateKeyType;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const reissue = useReissueCertificate(serviceId);
  const [keyType, setKeyType] = useState<CertificateKeyType>(current);
  if (reissue.isSuccess) {
    return (
      <>
        <Alert tone="success">{t('certificates.page.reissueDialog.done')}</Alert>
        <div className="mt-6 flex justify-end">
          <Button onClick={onClose}>{t('certificates.page.close')}</Button>
        </div>
      </>
    );
  }
  const fields = fieldErrorsOf(reissue.error);
  const fieldError = fields.names ?? fields.keyType;
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('certificates.page.reissueDialog.body')}</p>
      {reissue.isError && (
        <Alert tone="error" title={t('certificates.page.reissueDialog.failed')} className="mb-4">
          {fieldError ? tc(fieldError.code) : tc(accountErrorKey(reissue.error))}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          reissue.mutate(keyType);
        }}
      >
        <RadioGroup<CertificateKeyType>
          legend={t('certificates.page.reissueDialog.keyType')}
          name="keyType"
          value={keyType}
          onChange={setKeyType}
          options={[
            {
              value: 'ec-p256',
              label: t('certificates.page.keyTypes.ec-p256'),
              description: t('certificates.page.reissueDialog.ecHint'),
            },
            {
              value: 'rsa-2048',
              label: t('certificates.page.keyTypes.rsa-2048'),
              description: t('certificates.page.reissueDialog.rsaHint'),
            },
          ]}
        />
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={
          reissue.isPending
            ? t('certificates.page.reissueDialog.submitting')
            : t('certificates.page.reissueDialog.submit')
        }
        pending={reissue.isPending}
      />
    </>
  );
}

function RevokeForm({ serviceId, domain, onClose }: { serviceId: string; domain: string; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const revoke = useRevokeCertificate(serviceId);
  if (revoke.isSuccess) {
    return (
      <>
        <Alert tone="success">{t('certificates.page.revokeDialog.done')}</Alert>
        <div className="mt-6 flex justify-end">
          <Button onClick={onClose}>{t('certificates.page.close')}</Button>
        </div>
      </>
    );
  }
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('certificates.page.revokeDialog.body', { domain })}</p>
      {revoke.isError && (
        <Alert tone="error" title={t('certificates.page.revokeDialog.failed')} className="mb-4">
          {tc(accountErrorKey(revoke.error))}
        </Alert>
      )}
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          revoke.mutate();
        }}
      />
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={
          revoke.isPending ? t('certificates.page.revokeDialog.submitting') : t('certificates.page.revokeDialog.submit')
        }
        pending={revoke.isPending}
        variant="danger"
      />
    </>
  );
}
