import type { OrderSummary } from '@hostpilot/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Eye, Plus, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button-link';
import { type Column, DataTable } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { dashboardQueries, FINANCE_PAGE_SIZE } from '../api/queries';
import { UnpaidOrderActions } from '../components/money/unpaid-order-actions';
import { orderStatusTone } from '../lib/order-status';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/** /dashboard/orders (docs/product/ordering.md): the customer's orders, newest first, each with its state. */
export function DashboardOrdersPage() {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const [page, setPage] = useState(1);
  const orders = useQuery({ ...dashboardQueries.orders(page), placeholderData: keepPreviousData });

  const columns: Column<OrderSummary>[] = [
    {
      key: 'number',
      header: t('orders.columns.number'),
      rowHeader: true,
      cell: (order) => <span className="font-semibold whitespace-nowrap text-slate-900">{order.number}</span>,
    },
    {
      key: 'date',
      header: t('orders.columns.date'),
      cell: (order) => <span className="whitespace-nowrap">{format.date(order.createdAt)}</span>,
    },
    {
      key: 'items',
      header: t('orders.columns.items'),
      cell: (order) => t('orders.items', { count: order.lineCount }),
    },
    {
      key: 'total',
      header: t('orders.columns.total'),
      className: 'text-right',
      cell: (order) => <span className="whitespace-nowrap tabular-nums">{format.money(order.total)}</span>,
    },
    {
      key: 'status',
      header: t('orders.columns.status'),
      cell: (order) => (
        <>
          <StatusBadge tone={orderStatusTone(order.status)} label={t(`orders.status.${order.status}`)} />
          {order.expiresAt && (
            <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
              {t('orders.payBy', { date: format.date(order.expiresAt) })}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: t('orders.columns.actions'),
      cell: (order) => (
        <div className="flex flex-wrap gap-2">
          <UnpaidOrderActions order={order} size="sm" />
          <ButtonLink variant="secondary" size="sm" to={dashboardPaths.order(order.id)}>
            <Eye aria-hidden="true" className="size-4" />
            {t('orders.view')} <span className="sr-only">{order.number}</span>
          </ButtonLink>
        </div>
      ),
    },
  ];

  const newOrder = (
    <ButtonLink to="/hosting">
      <Plus aria-hidden="true" className="size-4" />
      {t('orders.new')}
    </ButtonLink>
  );

  return (
    <>
      <PageHeader title={t('orders.heading')} description={t('orders.intro')} actions={newOrder} />
      <QueryView
        query={orders}
        loadingLabel={t('orders.loading')}
        errorTitle={t('orders.loadError')}
        skeleton={<SkeletonRows rows={4} />}
      >
        {(data) => {
          const pageCount = Math.max(1, Math.ceil(data.total / FINANCE_PAGE_SIZE));
          const from = data.items.length === 0 ? 0 : (page - 1) * FINANCE_PAGE_SIZE + 1;
          const to = data.items.length === 0 ? 0 : from + data.items.length - 1;
          return (
            <>
              <DataTable
                caption={t('orders.heading')}
                captionHidden
                stacked
                columns={columns}
                rows={data.items}
                rowKey={(order) => order.id}
                empty={
                  <span className="inline-flex items-center gap-2">
                    <Receipt aria-hidden="true" className="size-5" />
                    {t('orders.empty')}
                  </span>
                }
              />
              {(data.total > FINANCE_PAGE_SIZE || page > 1) && (
                <Pagination
                  label={t('orders.pages')}
                  pageSize={FINANCE_PAGE_SIZE}
                  summary={t('finance.results', { from, to, count: data.total })}
                  onPrevious={() => setPage(Math.max(1, page - 1))}
                  onNext={() => setPage(Math.min(pageCount, page + 1))}
                  previousDisabled={page <= 1}
                  nextDisabled={page >= pageCount}
                />
              )}
            </>
          );
        }}
      </QueryView>
    </>
  );
}
