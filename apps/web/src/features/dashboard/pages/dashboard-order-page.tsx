import { type OrderDetail, type OrderLine, UNPAID_ORDER_EXPIRY_DAYS } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button-link';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { dashboardQueries } from '../api/queries';
import { PaymentDetails } from '../components/money/payment-details';
import { isPayable, UnpaidOrderActions } from '../components/money/unpaid-order-actions';
import { Panel } from '../components/panel';
import { orderStatusTone } from '../lib/order-status';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/**
 * /dashboard/orders/:id (docs/product/ordering.md): an order's number and state, what it means for the customer,
 * its lines and its invoice. Checkout lands here with `?placed=1` and the page thanks the customer first.
 */
export function DashboardOrderPage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const order = useQuery(dashboardQueries.order(id));
  return (
    <>
      <p className="mb-4">
        <Link
          to={dashboardPaths.orders}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('orders.back')}
        </Link>
      </p>
      <QueryView
        query={order}
        loadingLabel={t('orders.loadingOne')}
        errorTitle={t('orders.loadOneError')}
        skeleton={<SkeletonRows rows={5} />}
      >
        {(data) => <OrderView order={data} placed={params.get('placed') === '1'} />}
      </QueryView>
    </>
  );
}

function OrderView({ order, placed }: { order: OrderDetail; placed: boolean }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const status = t(`orders.status.${order.status}`);
  return (
    <>
      <PageHeader
        title={t('orders.title', { number: order.number })}
        description={t('orders.placedOn', { date: format.date(order.createdAt) })}
        actions={<StatusBadge tone={orderStatusTone(order.status)} label={status} />}
      />
      <Alert
        tone={order.status === 'cancelled' || order.status === 'fraud' ? 'error' : placed ? 'success' : 'info'}
        title={placed ? t('orders.thanks', { number: order.number }) : status}
        className="mb-6"
      >
        <p>
          {order.status === 'cancelled'
            ? t(`orders.cancelledBy.${order.cancelledBy ?? 'staff'}`, { count: UNPAID_ORDER_EXPIRY_DAYS })
            : t(`orders.explain.${order.status}`)}
        </p>
        {order.expiresAt && (
          <p className="mt-1">
            {t('orders.expires', { date: format.date(order.expiresAt), count: UNPAID_ORDER_EXPIRY_DAYS })}
          </p>
        )}
        {isPayable(order) && (
          <div className="mt-3 flex flex-wrap gap-2">
            <UnpaidOrderActions order={order} />
          </div>
        )}
        {order.decisionReason && <p className="mt-1">{t('orders.reason', { reason: order.decisionReason })}</p>}
        {order.refund && <p className="mt-1">{t('orders.refunded', { amount: format.money(order.refund) })}</p>}
      </Alert>
      {order.bankTransfer && order.status === 'pending_payment' && (
        <PaymentDetails details={order.bankTransfer} amount={order.total} className="mb-6" />
      )}
      <Panel title={t('orders.lines')}>
        <ul className="divide-y divide-slate-200">
          {order.lines.map((line) => (
            <li
              key={line.id}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
            >
              <div className="min-w-0">
                <p className="font-semibold break-all text-slate-900">{line.name}</p>
                <p className="text-sm text-slate-600">{lineDetails(line, t).join(' · ')}</p>
                {line.discount && line.freeDomainWith && (
                  <p className="text-sm font-medium text-success-700">
                    {t('orders.freeDomainYear', { plan: line.freeDomainWith, price: format.money(line.unitPrice) })}
                  </p>
                )}
              </div>
              <p className="text-right whitespace-nowrap">
                {line.discount && (
                  <s className="mr-2 text-sm text-slate-500 tabular-nums">
                    <span className="sr-only">{t('orders.priceBefore')} </span>
                    {format.money(line.periodPrice)}
                  </s>
                )}
                <span className="font-semibold text-slate-900 tabular-nums">{format.money(line.lineTotal)}</span>
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
          <span className="font-semibold text-slate-900">{t('orders.total')}</span>
          <span className="text-lg font-bold text-slate-900 tabular-nums">{format.money(order.total)}</span>
        </p>
      </Panel>
      <div className="mt-6 flex flex-wrap gap-2">
        <ButtonLink variant="secondary" to={`/dashboard/finance/invoices/${encodeURIComponent(order.invoiceId)}`}>
          <FileText aria-hidden="true" className="size-4" />
          {t('orders.invoice', { number: order.invoice.number })}
        </ButtonLink>
      </div>
    </>
  );
}

type Translate = ReturnType<typeof useTranslation<'dashboard'>>['t'];

/** A line's choices in words: its kind, period, city and domain. */
function lineDetails(line: OrderLine, t: Translate): string[] {
  const period =
    line.kind === 'domain' || line.unit === 'year'
      ? t('money.renew.years', { count: line.months / 12 })
      : t('money.renew.months', { count: line.months });
  return [
    t(`orders.kinds.${line.kind}`),
    period,
    ...(line.location ? [t(`orders.cities.${line.location}`, { defaultValue: line.location })] : []),
    ...(line.domain && line.kind !== 'domain' ? [line.domain] : []),
  ];
}
