import {
  type ChangePlanResponse,
  CURRENCY,
  findServicePlan,
  type Money,
  planChangeOptions,
  planChangeQuote,
  type PlanChangeQuote,
  type ServiceKind,
  type Service,
  type ServicePlan,
  toCents,
} from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Undo2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { RadioGroup } from '@/components/ui/radio-group';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { cn } from '@/lib/cn';
import { createIdempotencyKeys } from '@/lib/idempotency-key';
import { useSubmitOnce } from '@/lib/use-submit-once';
import { statusTone } from '@/lib/status';
import type { HostingStatus, Moment, PlanRef } from '../../api/types';
import { dashboardQueries } from '../../api/queries';
import { useCancelPendingPlan, useChangePlan } from '../../api/use-money-actions';
import { useDashboardFormat } from '../../lib/use-dashboard-format';
import { AmountAndBalance } from './amount-and-balance';
import { DoneWithInvoice } from './done-with-invoice';
import { PaymentRefusal } from './payment-refusal';
import { useStatusLabel } from '../status-label';

/** A service as the Manage dialog shows it: what its card knows. */
export interface ManageSubject {
  id: string;
  kind: ServiceKind;
  /** The domain of a hosting service, the name of another. */
  name: string;
  plan: PlanRef;
  price: Money;
  billingPeriod: 'month' | 'year';
  server: { name: string; location: string } | null;
  /** ISO 8601, as the API answers it. */
  expiresAt: string;
  status: HostingStatus;
  pendingPlan: PlanRef | null;
  cancelRequestedAt: Moment | null;
}

/** The dialog's view of a service of the API's lists. */
function manageSubject(service: Service): ManageSubject {
  return {
    id: service.id,
    kind: service.kind,
    name: service.kind === 'hosting' && service.domain ? service.domain : service.name,
    plan: service.plan,
    price: service.price,
    billingPeriod: service.billingPeriod,
    server: service.server ? { name: service.server.name, location: service.server.location } : null,
    expiresAt: service.expiresAt,
    status: service.status,
    pendingPlan: service.pendingPlan,
    cancelRequestedAt: service.cancelRequestedAt,
  };
}

/**
 * The service to manage, read from the lists the dashboard already caches (or loads them), so the dialog shows it
 * as it is after each change.
 */
function useManaged(serviceId: string) {
  const hosting = useQuery(dashboardQueries.hosting());
  const services = useQuery(dashboardQueries.services());
  return useMemo(() => {
    const service = [...(hosting.data?.items ?? []), ...(services.data?.items ?? [])].find(
      (item) => item.id === serviceId,
    );
    if (service) return { subject: manageSubject(service), loading: false, failed: null };
    const failed = [hosting, services].find((query) => query.isError) ?? null;
    return { subject: null, loading: !failed && (hosting.isPending || services.isPending), failed };
  }, [serviceId, hosting, services]);
}

export interface ManageServiceDialogProps {
  /** The id of the service to manage; null when the dialog is closed. */
  serviceId: string | null;
  /** Its name, for the title while it loads. */
  name?: string;
  onClose: () => void;
  /** Insufficient balance: close this dialog and open Add funds. */
  onAddFunds: () => void;
}

/**
 * Manage a service (docs/decisions/037-plan-changes.md): its plan, price, server, expiry and status, and a change
 * to another plan of the same product. An upgrade shows what it costs now (the prorated difference, computed as the
 * API computes it) before the customer confirms; a downgrade waits for the renewal and can be cancelled until then.
 */
export function ManageServiceDialog({ serviceId, name, onClose, onAddFunds }: ManageServiceDialogProps) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  return (
    <Dialog
      open={serviceId !== null}
      onClose={onClose}
      title={t('money.manage.title', { name: name ?? '' })}
      closeLabel={tc('actions.close')}
    >
      {serviceId && <ManageLoader key={serviceId} serviceId={serviceId} onClose={onClose} onAddFunds={onAddFunds} />}
    </Dialog>
  );
}

function ManageLoader({
  serviceId,
  onClose,
  onAddFunds,
}: {
  serviceId: string;
  onClose: () => void;
  onAddFunds: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const { subject, loading, failed } = useManaged(serviceId);
  if (subject) return <ManageContent subject={subject} onClose={onClose} onAddFunds={onAddFunds} />;
  if (loading) return <Skeleton className="h-48" />;
  return (
    <>
      {failed ? (
        <ErrorState
          title={t('money.manage.loadError')}
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      ) : (
        <Alert tone="error">{tc('errors.notFound')}</Alert>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {tc('actions.close')}
        </Button>
      </div>
    </>
  );
}

function ManageContent({
  subject,
  onClose,
  onAddFunds,
}: {
  subject: ManageSubject;
  onClose: () => void;
  onAddFunds: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const [result, setResult] = useState<ChangePlanResponse | null>(null);
  const perPeriod = (price: Money, period: 'month' | 'year') =>
    t(period === 'month' ? 'services.perMonth' : 'services.perYear', { price: format.money(price) });

  if (result) return <ChangeDone subject={subject} result={result} onClose={onClose} />;

  return (
    <>
      <dl className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm min-[400px]:grid-cols-2">
        <div>
          <dt className="text-slate-500">{t('money.manage.plan')}</dt>
          <dd className="font-semibold text-slate-900">{subject.plan.name}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('money.manage.price')}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {perPeriod(subject.price, subject.billingPeriod)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('money.manage.server')}</dt>
          <dd className="font-medium break-words text-slate-900">
            {subject.server
              ? t('money.manage.serverAt', {
                  name: subject.server.name,
                  city: t(`orders.cities.${subject.server.location}`, { defaultValue: subject.server.location }),
                })
              : t('money.manage.noServer')}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('money.manage.expires')}</dt>
          <dd className="font-medium text-slate-900">{format.date(subject.expiresAt)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('money.manage.status')}</dt>
          <dd className="mt-0.5">
            <StatusBadge tone={statusTone(subject.status)} label={statusLabel(subject.status)} />
          </dd>
        </div>
      </dl>
      {subject.pendingPlan && (
        <PendingPlanChange service={{ ...subject, currentPlan: subject.plan.name }} className="mt-4" />
      )}
      <ChangePlan subject={subject} onClose={onClose} onAddFunds={onAddFunds} onDone={setResult} />
    </>
  );
}

/** Why a service cannot change its plan now, or null when it can. */
function refusalOf(subject: ManageSubject, options: ServicePlan[]): string | null {
  if (subject.status !== 'active') return 'money.manage.notActive';
  if (subject.cancelRequestedAt !== null) return 'money.manage.cancelPending';
  if (options.length === 0) return 'money.manage.noOtherPlans';
  return null;
}

function ChangePlan({
  subject,
  onClose,
  onAddFunds,
  onDone,
}: {
  subject: ManageSubject;
  onClose: () => void;
  onAddFunds: () => void;
  onDone: (result: ChangePlanResponse) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const formId = useId();
  const change = useChangePlan();
  const keys = useMemo(() => createIdempotencyKeys(), []);
  const submitOnce = useSubmitOnce();
  const current = findServicePlan(subject.kind, subject.plan.id);
  const options = useMemo(() => planChangeOptions(subject.kind, subject.plan.id), [subject.kind, subject.plan.id]);
  // The next plan up is offered first, the way a customer usually changes; else the nearest one down.
  const [planId, setPlanId] = useState(
    () => (options.find((plan) => current && plan.price > current.price) ?? options.at(-1))?.id ?? '',
  );
  // The quote is taken when the dialog opens: the API computes the same from its own clock when it charges.
  const [now] = useState(() => Date.now());
  const quotes = useMemo(() => {
    const map = new Map<string, PlanChangeQuote>();
    if (!current) return map;
    for (const plan of options) {
      map.set(plan.id, planChangeQuote({ from: current, to: plan, expiresAt: Date.parse(subject.expiresAt), now }));
    }
    return map;
  }, [current, options, subject.expiresAt, now]);

  const refusal = current ? refusalOf(subject, options) : 'money.manage.noOtherPlans';
  const closeRow = (
    <div className="mt-6 flex justify-end">
      <Button variant="secondary" onClick={onClose}>
        {tc('actions.close')}
      </Button>
    </div>
  );
  if (refusal) {
    return (
      <>
        <p className="mt-4 text-sm text-slate-700">{t(refusal)}</p>
        {closeRow}
      </>
    );
  }

  const chosen = options.find((plan) => plan.id === planId);
  const quote = chosen ? quotes.get(chosen.id) : undefined;
  const amount: Money = { amountMinor: quote?.amountCents ?? 0, currency: CURRENCY };
  const date = format.date(subject.expiresAt);
  const describe = (plan: ServicePlan) => {
    const q = quotes.get(plan.id);
    if (!q) return '';
    if (q.direction === 'downgrade') {
      return subject.pendingPlan?.id === plan.id
        ? t('money.manage.downgradeChosen', { date })
        : t('money.manage.downgradeHint', { date });
    }
    return t('money.manage.upgradeHint', {
      count: q.remainingDays,
      amount: format.money({ amountMinor: q.amountCents, currency: CURRENCY }),
    });
  };
  const planRefusal = fieldErrorsOf(change.error).planId;
  const fieldCode = planRefusal?.code;

  return (
    <>
      {change.isError && !fieldCode && (
        <PaymentRefusal
          error={change.error}
          failedTitle={t('money.manage.failed')}
          insufficient={t('money.manage.insufficient', { amount: format.money(amount) })}
          onAddFunds={onAddFunds}
        />
      )}
      <form
        id={formId}
        noValidate
        className="mt-4 grid gap-4"
        onSubmit={submitOnce(async () => {
          if (!chosen) return;
          const request = { id: subject.id, planId: chosen.id };
          try {
            const answer = await change.mutateAsync({ ...request, key: keys.keyFor(request) });
            keys.reset();
            onDone(answer);
          } catch {
            // Shown from the mutation's error, with the chosen plan kept.
          }
        })}
      >
        <RadioGroup<string>
          legend={t('money.manage.changePlan')}
          name="planId"
          value={planId}
          onChange={(value) => {
            setPlanId(value);
            change.reset();
          }}
          error={fieldCode ? tc(fieldCode, planRefusal?.params) : undefined}
          options={options.map((plan) => ({
            value: plan.id,
            label: `${plan.name} — ${t(plan.period === 'month' ? 'services.perMonth' : 'services.perYear', {
              price: format.money({ amountMinor: toCents(plan.price), currency: CURRENCY }),
            })}`,
            description: describe(plan),
          }))}
        />
        <AmountAndBalance label={t('money.manage.payNow')} amount={amount} />
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={
          change.isPending
            ? t(quote?.direction === 'upgrade' ? 'money.manage.paying' : 'money.manage.saving')
            : quote?.direction === 'upgrade'
              ? t('money.manage.submitUpgrade', { amount: format.money(amount), plan: chosen?.name })
              : t('money.manage.submitDowngrade', { date, plan: chosen?.name })
        }
        pending={change.isPending}
        disabled={!chosen || subject.pendingPlan?.id === chosen.id}
      />
    </>
  );
}

function ChangeDone({
  subject,
  result,
  onClose,
}: {
  subject: ManageSubject;
  result: ChangePlanResponse;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const upgrade = result.direction === 'upgrade';
  return (
    <>
      <Alert tone="success" title={t(upgrade ? 'money.manage.upgradedTitle' : 'money.manage.scheduledTitle')}>
        {upgrade
          ? t('money.manage.upgraded', {
              name: subject.name,
              plan: result.plan.name,
              amount: format.money(result.charged),
              balance: format.money(result.balance),
            })
          : t('money.manage.scheduled', {
              name: subject.name,
              plan: result.pendingPlan?.name ?? '',
              date: format.date(result.expiresAt),
            })}
      </Alert>
      <DoneWithInvoice invoice={result.invoice} onClose={onClose} />
    </>
  );
}

/**
 * A downgrade waiting for the renewal: which plan, from when, and Keep the current plan, which cancels it. Shown on
 * the service's card and in its Manage dialog.
 */
export function PendingPlanChange({
  service,
  className,
}: {
  service: { id: string; name: string; currentPlan: string; pendingPlan: PlanRef | null; expiresAt: Moment };
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const cancel = useCancelPendingPlan();
  if (!service.pendingPlan) return null;
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50/60 p-3 text-sm',
        className,
      )}
    >
      <p className="flex min-w-0 items-start gap-2 text-slate-800">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        <span>
          {t('money.manage.pending', { plan: service.pendingPlan.name, date: format.date(service.expiresAt) })}
        </span>
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={cancel.isPending}
        aria-busy={cancel.isPending}
        onClick={() => cancel.mutate(service.id)}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {cancel.isPending ? t('money.manage.keeping') : t('money.manage.keep', { plan: service.currentPlan })}{' '}
        <span className="sr-only">{service.name}</span>
      </Button>
      {cancel.isError && (
        <p role="alert" className="w-full text-danger-700">
          {t('money.manage.keepFailed')} {tc(accountErrorKey(cancel.error))}
        </p>
      )}
    </div>
  );
}
