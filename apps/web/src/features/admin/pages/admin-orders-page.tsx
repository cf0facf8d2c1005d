import { orderingRoutes } from '@hostpilot/shared';
import type { AdminOrder, AdminOrderDetail, OrderStatus } from '@hostpilot/shared';
import { Ban, Check, Eye, ShieldAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { StatusBadge } from '@/components/ui/status-badge';
import type { StatusTone } from '@/lib/status';
import { accountErrorKey } from '@/lib/account-errors';
import { ORDER_LIST, useAdminOrder, useAdminOrders, useOrderDecision } from '../api/use-admin-orders';
import { usePermissions } from '../api/use-permissions';
import { AdminList } from '../components/admin-list';
import { FormDialog } from '../components/form-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { MenuButton } from '@/components/ui/menu';
import { BulkBar, selectionColumn, useRowSelection } from '../components/bulk-actions';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { useListControls, useTableControls } from '../lib/use-table-controls';

const TONES: Record<OrderStatus, StatusTone> = {
  pending_payment: 'warning',
  paid: 'info',
  awaiting_review: 'warning',
  active: 'success',
  cancelled: 'neutral',
  fraud: 'danger',
};

const orderId = (order: AdminOrder) => order.id;

type Action = 'view' | 'accept' | 'cancel' | 'fraud';

/** What staff may do to an order in `status` (packages/shared/src/states/order.ts). */
function actionsOf(status: OrderStatus, canWrite: boolean): Action[] {
  if (!canWrite) return ['view'];
  const open = status === 'pending_payment' || status === 'paid' || status === 'awaiting_review';
  return [
    'view',
    ...(status === 'awaiting_review' ? (['accept'] as const) : []),
    ...(open ? (['cancel', 'fraud'] as const) : []),
  ];
}

function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('admin');
  return <StatusBadge tone={TONES[status]} label={t(`orders.status.${status}`)} />;
}

/** The order as the server has it now: customer, lines, invoice, payments and the decision. */
function OrderDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useAdminFormat();
  const query = useAdminOrder(id);
  const period = (line: AdminOrderDetail['lines'][number]) =>
    line.unit === 'year' || line.kind === 'domain'
      ? t('orders.detail.years', { count: line.months / 12 })
      : t('orders.detail.months', { count: line.months });
  return (
    <Dialog
      open
      onClose={onClose}
      title={query.data ? t('orders.detail.title', { number: query.data.number }) : t('orders.heading')}
      closeLabel={tc('actions.close')}
      actions={<Button onClick={onClose}>{tc('actions.close')}</Button>}
    >
      <QueryView query={query} loadingLabel={t('orders.loading')}>
        {(order) => (
          <div className="space-y-5 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-slate-500">{t('orders.detail.customer')}</dt>
              <dd className="break-words text-slate-900">
                {order.customer.name} · {order.customer.email}
              </dd>
              <dt className="text-slate-500">{t('orders.columns.status')}</dt>
              <dd>
                <OrderStatusBadge status={order.status} />
              </dd>
              <dt className="text-slate-500">{t('orders.detail.placed')}</dt>
              <dd>{format.dateTime(order.createdAt)}</dd>
              <dt className="text-slate-500">{t('orders.detail.paid')}</dt>
              <dd>{order.paidAt ? format.dateTime(order.paidAt) : t('orders.detail.notPaid')}</dd>
              <dt className="text-slate-500">{t('orders.detail.invoice')}</dt>
              <dd>
                {order.invoice.number} · {t(`status.${order.invoice.status}`, { defaultValue: order.invoice.status })}
              </dd>
            </dl>
            <section>
              <h3 className="font-semibold text-slate-900">{t('orders.detail.lines')}</h3>
              <ul className="mt-1 divide-y divide-slate-200">
                {order.lines.map((line) => (
                  <li key={line.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                    <span className="min-w-0">
                      <span className="block font-medium break-words text-slate-900">
                        {t(`orders.detail.kind.${line.kind}`)}: {line.name}
                      </span>
                      <span className="block break-words text-slate-600">
                        {[period(line), line.domain, line.location, line.game].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                    <span className="font-medium tabular-nums">{format.money(line.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-semibold">
                <span>{t('orders.detail.total')}</span>
                <span className="tabular-nums">{format.money(order.total)}</span>
              </p>
            </section>
            <section>
              <h3 className="font-semibold text-slate-900">{t('orders.detail.payments')}</h3>
              {order.payments.length === 0 ? (
                <p className="mt-1 text-slate-600">{t('orders.detail.noPayments')}</p>
              ) : (
                <ul className="mt-1 divide-y divide-slate-200">
                  {order.payments.map((payment) => (
                    <li key={payment.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                      <span>
                        {t(`orders.detail.method.${payment.method}`)} ·{' '}
                        {t(`orders.detail.paymentStatus.${payment.status}`)} · {format.dateTime(payment.createdAt)}
                      </span>
                      <span className="font-medium tabular-nums">{format.money(payment.amount)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {order.decidedAt && (
              <section>
                <h3 className="font-semibold text-slate-900">{t('orders.detail.decision')}</h3>
                <p className="mt-1 text-slate-700">
                  {t('orders.detail.decidedBy', {
                    name: order.decidedBy?.name ?? '—',
                    date: format.dateTime(order.decidedAt),
                  })}
                </p>
                {order.decisionReason && (
                  <p className="mt-1 break-words text-slate-700">
                    {t('orders.detail.reason')}: {order.decisionReason}
                  </p>
                )}
                {order.refund && (
                  <p className="mt-1 text-slate-700">
                    {t('orders.detail.refund')}: {format.money(order.refund)}
                  </p>
                )}
              </section>
            )}
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}

/** Accept: a confirmation, then the order provisioned, once. */
function AcceptDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrder;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const decide = useOrderDecision();
  const [failure, setFailure] = useState<string>();
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('orders.acceptTitle', { number: order.number })}
      submitLabel={t('orders.accept')}
      pending={decide.isPending}
      error={failure}
      onSubmit={() => {
        setFailure(undefined);
        decide.mutate(
          { kind: 'accept', id: order.id },
          {
            onSuccess: () => onDone(t('orders.accepted', { number: order.number })),
            onError: (error) => setFailure(tc(accountErrorKey(error))),
          },
        );
      }}
    >
      <p className="text-sm text-slate-700">{t('orders.acceptBody')}</p>
    </FormDialog>
  );
}

/** Cancel or Fraud: the reason, kept with the order and in the audit log; what was typed stays on a refusal. */
function DecisionDialog({
  order,
  kind,
  onClose,
  onDone,
}: {
  order: AdminOrder;
  kind: 'cancel' | 'fraud';
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const decide = useOrderDecision();
  return (
    <ReasonDialog
      title={t(kind === 'cancel' ? 'orders.cancelTitle' : 'orders.fraudTitle', { number: order.number })}
      body={t(kind === 'cancel' ? 'orders.cancelBody' : 'orders.fraudBody')}
      label={t('orders.reasonLabel')}
      hint={t('orders.reasonHint')}
      submitLabel={t(kind === 'cancel' ? 'orders.cancel' : 'orders.fraud')}
      pending={decide.isPending}
      send={async (reason) => {
        await decide.mutateAsync({ kind, id: order.id, reason });
        return t(kind === 'cancel' ? 'orders.cancelled' : 'orders.flagged', { number: order.number });
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/**
 * Order review (docs/decisions/032-ordering-and-checkout.md): every order with search, status filter, sort, paging
 * and Export; View shows its lines, invoice and payments; Accept, Cancel (refund to the balance) and Fraud, each
 * confirmed and audited. Staff without `orders.write` only read.
 */
export function AdminOrdersPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(ORDER_LIST);
  const query = useAdminOrders(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const { can } = usePermissions();
  const canWrite = can('orders.write');
  const [viewing, setViewing] = useState<string | null>(null);
  const [acting, setActing] = useState<{ kind: 'accept' | 'cancel' | 'fraud'; order: AdminOrder } | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const rows = query.data?.items;
  const selection = useRowSelection(rows, orderId);

  const columns = useMemo<Column<AdminOrder>[]>(() => {
    const act = (name: Action, order: AdminOrder) => {
      setOutcome(null);
      if (name === 'view') setViewing(order.id);
      else setActing({ kind: name, order });
    };
    const ACTIONS = {
      view: { icon: Eye, variant: 'secondary', label: t('orders.view') },
      accept: { icon: Check, variant: 'primary', label: t('orders.accept') },
      cancel: { icon: Ban, variant: 'danger', label: t('orders.cancel') },
      fraud: { icon: ShieldAlert, variant: 'danger', label: t('orders.fraud') },
    } as const;
    return [
      ...(canWrite
        ? [
            selectionColumn(
              selection,
              orderId,
              (order: AdminOrder) => t('bulk.selectRow', { name: order.number }),
              t('bulk.selectAll'),
            ),
          ]
        : []),
      {
        key: 'number',
        header: t('orders.columns.number'),
        rowHeader: true,
        cell: (order) => (
          <div className="md:min-w-40">
            <p className="font-medium whitespace-nowrap text-slate-900">{order.number}</p>
            <p className="text-slate-600">{format.dateTime(order.createdAt)}</p>
          </div>
        ),
      },
      {
        key: 'customer',
        header: t('orders.columns.customer'),
        cell: (order) => (
          <div className="min-w-0">
            <p className="text-slate-900">{order.customer.name}</p>
            <p className="break-all text-slate-600 md:break-normal">{order.customer.email}</p>
          </div>
        ),
      },
      {
        key: 'total',
        header: t('orders.columns.total'),
        className: 'text-right',
        cell: (order) => (
          <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {format.money(order.total)}
          </span>
        ),
      },
      {
        key: 'status',
        header: t('orders.columns.status'),
        cell: (order) => <OrderStatusBadge status={order.status} />,
      },
      {
        key: 'actions',
        header: t('orders.columns.actions'),
        cell: (order) => (
          <div className="flex flex-wrap gap-2">
            {actionsOf(order.status, canWrite)
              .filter((name) => name === 'view' || name === 'accept')
              .map((name) => (
                <RowAction
                  key={name}
                  icon={ACTIONS[name].icon}
                  variant={ACTIONS[name].variant}
                  label={ACTIONS[name].label}
                  subject={order.number}
                  onClick={() => act(name, order)}
                />
              ))}
            {/* Cancel and Fraud are in the row's menu, in red, never one click away (decision 048). */}
            {actionsOf(order.status, canWrite).some((name) => name === 'cancel' || name === 'fraud') && (
              <MenuButton
                label={t('actions.menu')}
                accessibleLabel={t('actions.menuFor', { subject: order.number })}
                items={[]}
                danger={actionsOf(order.status, canWrite)
                  .filter((name) => name === 'cancel' || name === 'fraud')
                  .map((name) => ({
                    key: name,
                    label: ACTIONS[name].label,
                    icon: ACTIONS[name].icon,
                    onSelect: () => act(name, order),
                  }))}
              />
            )}
          </div>
        ),
      },
    ];
  }, [t, format, canWrite, selection]);

  const done = (text: string) => {
    setActing(null);
    setOutcome(text);
  };

  return (
    <>
      <PageHeader title={t('orders.heading')} description={t('orders.intro')} />
      <div aria-live="polite">
        {outcome && (
          <Alert tone="success" className="mb-4">
            {outcome}
          </Alert>
        )}
      </div>
      {canWrite && (
        <BulkBar
          list="orders"
          selection={selection}
          nameOf={(id) => rows?.find((order) => order.id === id)?.number ?? id}
          choices={[
            {
              action: 'cancel',
              label: t('orders.cancel'),
              danger: true,
              title: t('orders.bulk.cancelTitle', { count: selection.selected.length }),
              body: t('orders.bulk.cancelBody'),
              reasonLabel: t('orders.reasonLabel'),
            },
          ]}
        />
      )}
      <AdminList
        caption={t('orders.caption')}
        items={t('orders.items')}
        searchLabel={t('orders.searchLabel')}
        placeholder={t('orders.searchPlaceholder')}
        columns={columns}
        rowKey={(order) => order.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('orders.statusFilter'),
            values: ORDER_LIST.filters.status.map((value) => ({ value, label: t(`orders.status.${value}`) })),
          },
        ]}
        sorts={ORDER_LIST.sorts.map((value) => ({ value, label: t(`orders.sort.${value}`) }))}
        onNotice={show}
        exportRoute={orderingRoutes.getAdminOrdersExport}
      />
      <NoticeDialog notice={notice} onClose={close} />
      {viewing && <OrderDialog id={viewing} onClose={() => setViewing(null)} />}
      {acting?.kind === 'accept' && <AcceptDialog order={acting.order} onClose={() => setActing(null)} onDone={done} />}
      {acting && acting.kind !== 'accept' && (
        <DecisionDialog order={acting.order} kind={acting.kind} onClose={() => setActing(null)} onDone={done} />
      )}
    </>
  );
}
