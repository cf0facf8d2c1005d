import {
  CURRENCY,
  DOMAIN_RENEWAL_YEARS,
  domainYearCents,
  findServicePlan,
  type Money,
  type RenewalResponse,
  renewalCents,
  renewalMonthsOf,
  type Service,
} from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/error-state';
import { dashboardQueries } from '../../api/queries';
import { type RenewSubject, useRenew } from '../../api/use-money-actions';
import { createIdempotencyKeys } from '@/lib/idempotency-key';
import { useSubmitOnce } from '@/lib/use-submit-once';
import { useDashboardFormat } from '../../lib/use-dashboard-format';
import { AmountAndBalance } from './amount-and-balance';
import { DoneWithInvoice } from './done-with-invoice';
import { PaymentRefusal } from './payment-refusal';

/** What can be renewed, as the dialog needs it: a name, the expiry, the periods and each one's price. */
interface Renewable {
  name: string;
  expiresAt: string;
  unit: 'month' | 'year';
  periods: readonly number[];
  priceOf: (period: number) => number;
}

function serviceRenewable(service: Service): Renewable | null {
  const plan = findServicePlan(service.kind, service.plan.id);
  if (!plan) return null;
  return {
    name: service.domain && service.kind === 'hosting' ? service.domain : service.name,
    expiresAt: service.expiresAt,
    unit: 'month',
    periods: renewalMonthsOf(plan.period),
    priceOf: (months) => renewalCents(plan, months),
  };
}

/**
 * The service or domain to renew, read from the lists the dashboard already caches (or loads them): the home
 * page's expiring panel knows only the id.
 */
function useRenewable(subject: RenewSubject) {
  const isService = subject.type === 'service';
  const hosting = useQuery({ ...dashboardQueries.hosting(), enabled: isService });
  const services = useQuery({ ...dashboardQueries.services(), enabled: isService });
  const domains = useQuery({ ...dashboardQueries.domains(), enabled: !isService });
  return useMemo(() => {
    if (isService) {
      const service = [...(hosting.data?.items ?? []), ...(services.data?.items ?? [])].find(
        (item) => item.id === subject.id,
      );
      if (service) {
        const renewable = serviceRenewable(service);
        return { renewable, notSold: renewable === null, loading: false, failed: null };
      }
      const failed = [hosting, services].find((query) => query.isError) ?? null;
      const loading = !failed && (hosting.isPending || services.isPending);
      return { renewable: null, notSold: false, loading, failed };
    }
    const domain = domains.data?.items.find((item) => item.id === subject.id);
    const yearCents = domain ? domainYearCents(domain.tld) : undefined;
    if (domain && yearCents !== undefined) {
      const renewable: Renewable = {
        name: domain.name,
        expiresAt: domain.expiresAt,
        unit: 'year',
        periods: DOMAIN_RENEWAL_YEARS,
        priceOf: (years) => yearCents * years,
      };
      return { renewable, notSold: false, loading: false, failed: null };
    }
    const failed = domains.isError ? domains : null;
    return { renewable: null, notSold: domain !== undefined, loading: domains.isPending, failed };
  }, [isService, subject.id, hosting, services, domains]);
}

export interface RenewDialogProps {
  subject: RenewSubject | null;
  onClose: () => void;
  /** Insufficient balance: close this dialog and open Add funds. */
  onAddFunds: () => void;
}

/**
 * Renew a service (months) or a domain (years) at the catalogue's price, paid from the balance
 * (docs/decisions/022-money-transactions.md). A balance that does not cover it says so, with Add funds.
 */
export function RenewDialog({ subject, onClose, onAddFunds }: RenewDialogProps) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  return (
    <Dialog open={subject !== null} onClose={onClose} title={t('money.renew.title')} closeLabel={tc('actions.close')}>
      {subject && <RenewContent key={subject.id} subject={subject} onClose={onClose} onAddFunds={onAddFunds} />}
    </Dialog>
  );
}

function RenewContent({ subject, onClose, onAddFunds }: RenewDialogProps & { subject: RenewSubject }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const { renewable, notSold, loading, failed } = useRenewable(subject);
  if (renewable) return <RenewForm subject={subject} renewable={renewable} onClose={onClose} onAddFunds={onAddFunds} />;
  if (loading) return <Skeleton className="h-40" />;
  return (
    <>
      {failed ? (
        <ErrorState
          title={t('money.renew.loadError')}
          error={failed.error}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      ) : (
        <Alert tone="error">{notSold ? t('money.renew.notSold') : tc('errors.notFound')}</Alert>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {tc('actions.close')}
        </Button>
      </div>
    </>
  );
}

function RenewForm({
  subject,
  renewable,
  onClose,
  onAddFunds,
}: {
  subject: RenewSubject;
  renewable: Renewable;
  onClose: () => void;
  onAddFunds: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const formId = useId();
  const renew = useRenew();
  const keys = useMemo(() => createIdempotencyKeys(), []);
  const submitOnce = useSubmitOnce();
  const [period, setPeriod] = useState(renewable.periods[0]!);
  const [result, setResult] = useState<RenewalResponse | null>(null);
  const price: Money = { amountMinor: renewable.priceOf(period), currency: CURRENCY };
  const periodLabel = (value: number) =>
    renewable.unit === 'month' ? t('money.renew.months', { count: value }) : t('money.renew.years', { count: value });

  if (result) {
    return (
      <>
        <Alert tone="success" title={t('money.renew.doneTitle', { name: renewable.name })}>
          {t('money.renew.done', {
            date: format.date(result.expiresAt),
            amount: format.money(result.invoice.total),
            balance: format.money(result.balance),
          })}
        </Alert>
        <DoneWithInvoice invoice={result.invoice} onClose={onClose} />
      </>
    );
  }

  return (
    <>
      <p className="font-semibold text-slate-900">{renewable.name}</p>
      <p className="text-sm">{t('money.renew.expires', { date: format.date(renewable.expiresAt) })}</p>
      {renew.isError && (
        <PaymentRefusal
          error={renew.error}
          failedTitle={t('money.renew.failed')}
          insufficient={t('money.renew.insufficient', { price: format.money(price) })}
          onAddFunds={onAddFunds}
        />
      )}
      <form
        id={formId}
        noValidate
        className="mt-4 grid gap-4"
        onSubmit={submitOnce(async () => {
          const request = { subject, period };
          try {
            const answer = await renew.mutateAsync({ ...request, key: keys.keyFor(request) });
            keys.reset();
            setResult(answer);
          } catch {
            // Shown from the mutation's error, with the chosen period kept.
          }
        })}
      >
        <Field label={t('money.renew.period')}>
          {(control) => (
            <select
              {...control}
              className={inputClasses(false)}
              value={period}
              onChange={(event) => {
                setPeriod(Number(event.target.value));
                renew.reset();
              }}
            >
              {renewable.periods.map((value) => (
                <option key={value} value={value}>
                  {periodLabel(value)} — {format.money({ amountMinor: renewable.priceOf(value), currency: CURRENCY })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <AmountAndBalance label={t('money.renew.price')} amount={price} />
      </form>
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={
          renew.isPending ? t('money.renew.paying') : t('money.renew.submit', { price: format.money(price) })
        }
        pending={renew.isPending}
      />
    </>
  );
}
