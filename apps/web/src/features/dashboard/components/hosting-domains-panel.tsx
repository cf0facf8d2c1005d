import type { AddonDomain } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { Globe, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import type { StatusTone } from '@/lib/status';
import { hostingDomainsQuery, useAddDomain, useRemoveDomain } from '../api/hosting-panel';
import type { HostingService } from '../api/types';
import { Panel } from './panel';

const STATUS_TONE: Record<AddonDomain['status'], StatusTone> = {
  adding: 'info',
  active: 'success',
  removing: 'warning',
};

/**
 * The "Domains" section of a hosting service's panel (docs/decisions/069-addon-domains.md): the main domain, the
 * addon domains with their state, the count against the plan's limit, an add form and removal after a confirm.
 * The server decides every refusal; its message is shown under the field.
 */
export function HostingDomainsPanel({ service }: { service: Pick<HostingService, 'id' | 'status'> }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const query = useQuery(hostingDomainsQuery(service.id));
  const [removing, setRemoving] = useState<AddonDomain | null>(null);
  const active = service.status === 'active';

  return (
    <Panel title={t('panel.domains.title')} className="lg:col-span-2">
      <QueryView
        query={query}
        loadingLabel={t('panel.domains.loading')}
        errorTitle={t('panel.domains.loadError')}
        skeleton={<Skeleton className="h-24" />}
      >
        {(domains) => {
          const full = domains.used >= domains.limit;
          return (
            <div className="space-y-4">
              <p className="text-sm font-medium text-slate-900">
                {t('panel.domains.used', { count: domains.used, limit: domains.limit })}
              </p>
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
                {domains.mainDomain && (
                  <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="min-w-0 font-medium break-all text-slate-900">{domains.mainDomain}</span>
                    <StatusBadge tone="neutral" label={t('panel.domains.main')} />
                  </li>
                )}
                {domains.domains.map((domain) => (
                  <li key={domain.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                    <span className="min-w-0 break-all text-slate-900">{domain.displayName}</span>
                    <span className="flex items-center gap-2">
                      <StatusBadge
                        tone={STATUS_TONE[domain.status]}
                        label={t(`panel.domains.status.${domain.status}`)}
                      />
                      {active && domain.status !== 'removing' && (
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setRemoving(domain)}
                          aria-label={t('panel.domains.remove.label', { name: domain.displayName })}
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                          {t('panel.domains.remove.button')}
                        </Button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
              {domains.domains.length === 0 && (
                <p className="flex gap-2 text-sm text-slate-600">
                  <Globe aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  {t('panel.domains.empty')}
                </p>
              )}
              {!active ? (
                <Alert tone="info">{tc('validation.addonDomainInactive')}</Alert>
              ) : full ? (
                <Alert tone="info">{t('panel.domains.full', { count: domains.limit })}</Alert>
              ) : (
                <AddDomainForm serviceId={service.id} />
              )}
            </div>
          );
        }}
      </QueryView>
      <Dialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('panel.domains.remove.title')}
        closeLabel={tc('actions.close')}
      >
        {removing && <RemoveDomainForm serviceId={service.id} domain={removing} onClose={() => setRemoving(null)} />}
      </Dialog>
    </Panel>
  );
}

function AddDomainForm({ serviceId }: { serviceId: string }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const add = useAddDomain(serviceId);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const localError = name.trim().length === 0 ? 'validation.required' : null;
  const serverError = fieldErrorsOf(add.error).name;
  const error = touched && localError ? tc(localError) : serverError ? tc(serverError.code) : undefined;

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (localError) return;
        add.mutate(name.trim(), {
          onSuccess: () => {
            setName('');
            setTouched(false);
            add.reset();
          },
        });
      }}
    >
      {add.isError && !serverError && (
        <Alert tone="error" title={t('panel.domains.add.failed')} className="mb-4">
          {tc(accountErrorKey(add.error))}
        </Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Field label={t('panel.domains.add.label')} error={error} hint={t('panel.domains.add.hint')}>
            {(control) => (
              <Input
                {...control}
                value={name}
                inputMode="url"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                placeholder="shop.example.com"
                onChange={(event) => {
                  setName(event.target.value);
                  if (add.isError) add.reset();
                }}
              />
            )}
          </Field>
        </div>
        <Button type="submit" className="sm:mt-6" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          <Plus aria-hidden="true" className="size-4" />
          {add.isPending ? t('panel.domains.add.submitting') : t('panel.domains.add.submit')}
        </Button>
      </div>
    </form>
  );
}

function RemoveDomainForm({
  serviceId,
  domain,
  onClose,
}: {
  serviceId: string;
  domain: AddonDomain;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const remove = useRemoveDomain(serviceId);
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('panel.domains.remove.body', { name: domain.displayName })}</p>
      {remove.isError && (
        <Alert tone="error" title={t('panel.domains.remove.failed')} className="mb-4">
          {tc(accountErrorKey(remove.error))}
        </Alert>
      )}
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate(domain.name, { onSuccess: onClose });
        }}
      />
      <DialogFormActions
        form={formId}
        variant="danger"
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={remove.isPending ? t('panel.domains.remove.submitting') : t('panel.domains.remove.submit')}
        pending={remove.isPending}
      />
    </>
  );
}
