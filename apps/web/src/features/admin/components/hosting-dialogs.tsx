import {
  adminCreateServiceSchema,
  adminEditServiceSchema,
  CURRENCY,
  type FieldError,
  HOSTING_PLANS,
  MONTHLY_RENEWAL_MONTHS,
  toCents,
} from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { adminQueries } from '../api/queries';
import type { AdminHostingService } from '../api/types';
import { useSaveService, useServiceAction } from '../api/use-admin-actions';
import { useAdminFormat } from '../lib/use-admin-format';
import { FormDialog } from './form-dialog';
import { ReasonDialog } from './reason-dialog';
import { TypeToConfirmDialog } from './type-to-confirm-dialog';
import { applyFieldErrors } from './user-dialogs';

interface ServiceDialogProps {
  service: AdminHostingService;
  onClose: () => void;
  /** Called with the translated success message once the server has made the change. */
  onDone: (message: string) => void;
}

/** Suspend with a reason the customer is told (decision 033: a payment does not lift it). */
export function SuspendServiceDialog({ service, onClose, onDone }: ServiceDialogProps) {
  const { t } = useTranslation('admin');
  const action = useServiceAction();
  return (
    <ReasonDialog
      title={t('hosting.suspend.title', { domain: service.domain })}
      body={t('hosting.suspend.body')}
      label={t('hosting.suspend.reason')}
      submitLabel={t('actions.suspend')}
      pending={action.isPending}
      send={async (reason) => {
        await action.mutateAsync({ kind: 'suspend', id: service.id, reason });
        return t('hosting.done.suspend', { domain: service.domain });
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** Delete (terminate): the service's domain typed again confirms it; the server checks it too. */
export function TerminateServiceDialog({ service, onClose, onDone }: ServiceDialogProps) {
  const { t } = useTranslation('admin');
  const action = useServiceAction();
  return (
    <TypeToConfirmDialog
      title={t('hosting.terminate.title', { domain: service.domain })}
      body={t('hosting.terminate.body')}
      label={t('hosting.terminate.confirm', { domain: service.domain })}
      submitLabel={t('hosting.terminate.submit')}
      expected={service.domain}
      mismatch="validation.confirmDomain"
      field="confirm"
      pending={action.isPending}
      send={async (confirm) => {
        await action.mutateAsync({ kind: 'terminate', id: service.id, confirm });
        return t('hosting.done.terminate', { domain: service.domain });
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** The form's values: what the person chose, the period as the select's text until it is sent. */
interface HostingFormValues {
  ownerEmail: string;
  planId: string;
  months: string;
  domain: string;
  serverId: string;
  expiresOn: string;
}

const HOSTING_FIELDS = ['ownerEmail', 'planId', 'months', 'domain', 'serverId', 'expiresOn'] as const;
type HostingField = (typeof HOSTING_FIELDS)[number];
const isHostingField = (name: unknown): name is HostingField => HOSTING_FIELDS.includes(name as HostingField);

/** Today in UTC as YYYY-MM-DD: the API keeps expiry days in UTC. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The form checks what the API checks, with the shared schemas; messages are keys of the common texts. */
function hostingResolver(mode: 'add' | 'edit'): Resolver<HostingFormValues> {
  return async (values) => {
    const parsed =
      mode === 'add'
        ? adminCreateServiceSchema.safeParse({
            ownerEmail: values.ownerEmail,
            planId: values.planId,
            months: values.months === '' ? undefined : Number(values.months),
            domain: values.domain,
            serverId: values.serverId,
          })
        : adminEditServiceSchema.safeParse({
            planId: values.planId,
            serverId: values.serverId,
            expiresOn: values.expiresOn,
          });
    const errors: FieldErrors<HostingFormValues> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if (isHostingField(name)) errors[name] ??= { type: 'validation', message: issue.message };
      }
    } else if (mode === 'edit' && values.expiresOn < todayUtc()) {
      errors.expiresOn = { type: 'validation', message: 'validation.expiryPast' };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

export type HostingDialogState = { mode: 'add' } | { mode: 'edit'; service: AdminHostingService } | null;

/**
 * Add New Hosting and Edit (docs/decisions/033-hosting-and-domain-administration.md): the owner by e-mail, a
 * catalogue plan and period, the domain and a server with a free slot; Edit changes the plan, the server and the
 * expiry day. Prices are the API's, from the catalogue; its refusals appear beside their field, nothing typed is
 * lost.
 */
export function HostingDialog({
  state,
  onClose,
  onDone,
}: {
  state: Exclude<HostingDialogState, null>;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useAdminFormat();
  const save = useSaveService();
  const placement = useQuery(adminQueries.placement());
  const [failure, setFailure] = useState<string>();
  /** The server's field errors of the last save, for the values their translations put in the text. */
  const [refusals, setRefusals] = useState<Record<string, FieldError>>({});
  const service = state.mode === 'edit' ? state.service : null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<HostingFormValues>({
    resolver: hostingResolver(state.mode),
    defaultValues: {
      ownerEmail: '',
      planId: service?.planId ?? HOSTING_PLANS[0]!.id,
      months: service ? '' : String(MONTHLY_RENEWAL_MONTHS[0]),
      domain: '',
      serverId: service?.serverId ?? '',
      expiresOn: service ? new Date(service.expiresAt).toISOString().slice(0, 10) : '',
    },
  });
  const message = (name: HostingField) => {
    const key = errors[name]?.message;
    return key ? tc(key, refusals[name]?.code === key ? refusals[name].params : undefined) : undefined;
  };

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      if (service) {
        const saved = await save.mutateAsync({
          kind: 'edit',
          id: service.id,
          body: {
            planId: values.planId,
            serverId: values.serverId,
            expiresOn: values.expiresOn,
            unchangedSince: service.updatedAt,
          },
        });
        onDone(t('hosting.done.saved', { domain: saved.domain ?? saved.name }));
      } else {
        const saved = await save.mutateAsync({
          kind: 'create',
          body: {
            ownerEmail: values.ownerEmail,
            planId: values.planId,
            months: Number(values.months),
            domain: values.domain,
            serverId: values.serverId,
          },
        });
        onDone(t('hosting.done.created', { domain: saved.domain ?? saved.name }));
      }
    } catch (error) {
      setRefusals(fieldErrorsOf(error));
      if (!applyFieldErrors(error, HOSTING_FIELDS, setError)) {
        const other = Object.values(fieldErrorsOf(error))[0]?.code;
        setFailure(tc(other ?? accountErrorKey(error)));
      }
    }
  });

  const servers = placement.data?.servers ?? [];
  const currentListed = servers.some((server) => server.id === service?.serverId);
  const select = (name: 'planId' | 'months' | 'serverId', label: string, options: ReactNode) => (
    <Field label={label} error={message(name)}>
      {(control) => (
        <select {...control} className={inputClasses(Boolean(errors[name]))} {...register(name)}>
          {options}
        </select>
      )}
    </Field>
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={service ? t('hosting.form.editTitle', { domain: service.domain }) : t('hosting.form.addTitle')}
      submitLabel={service ? t('hosting.form.save') : t('hosting.form.create')}
      pending={save.isPending}
      error={failure}
      onSubmit={() => void submit()}
    >
      {!service && (
        <TextField
          label={t('hosting.form.owner')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          hint={t('hosting.form.ownerHint')}
          error={message('ownerEmail')}
          {...register('ownerEmail')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {select(
          'planId',
          t('hosting.form.plan'),
          <>
            {HOSTING_PLANS.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {t('hosting.form.planOption', {
                  name: plan.name,
                  price: format.money({ amountMinor: toCents(plan.price), currency: CURRENCY }),
                })}
              </option>
            ))}
          </>,
        )}
        {service ? (
          <TextField
            label={t('hosting.form.expiresOn')}
            type="date"
            min={todayUtc()}
            hint={t('hosting.form.expiresHint')}
            error={message('expiresOn')}
            {...register('expiresOn')}
          />
        ) : (
          select(
            'months',
            t('hosting.form.months'),
            MONTHLY_RENEWAL_MONTHS.map((months) => (
              <option key={months} value={months}>
                {t('orders.detail.months', { count: months })}
              </option>
            )),
          )
        )}
      </div>
      {!service && (
        <TextField
          label={t('hosting.form.domain')}
          autoComplete="off"
          spellCheck={false}
          hint={t('hosting.form.domainHint')}
          error={message('domain')}
          {...register('domain')}
        />
      )}
      {placement.isPending ? (
        <p role="status">{t('hosting.form.serversLoading')}</p>
      ) : placement.isError ? (
        <Alert tone="error">{t('hosting.form.serversFailed')}</Alert>
      ) : (
        <>
          {select(
            'serverId',
            t('hosting.form.server'),
            <>
              {!service?.serverId && <option value="">{t('hosting.form.choose')}</option>}
              {service?.serverId && !currentListed && (
                <option value={service.serverId}>{t('hosting.form.serverCurrent', { name: service.server })}</option>
              )}
              {servers.map((server) => (
                <option
                  key={server.id}
                  value={server.id}
                  disabled={server.free <= 0 && server.id !== service?.serverId}
                >
                  {t('hosting.form.serverOption', {
                    name: server.name,
                    location: t(`servers.locations.${server.location}`, { defaultValue: server.location }),
                    free: server.free,
                    capacity: server.capacity,
                  })}
                </option>
              ))}
            </>,
          )}
          {servers.every((server) => server.free <= 0) && !service && (
            <Alert tone="info">{t('hosting.form.noServers')}</Alert>
          )}
        </>
      )}
      {!service && <p className="text-slate-600">{t('hosting.form.noInvoice')}</p>}
    </FormDialog>
  );
}
