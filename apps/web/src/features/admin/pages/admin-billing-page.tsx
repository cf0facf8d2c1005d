import { billingAdminRoutes } from '@hostpilot/shared';
import { AlertTriangle, Check, Clock, DollarSign, Eye, Undo2, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import type { Column } from '@/components/ui/data-table';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { StatCard } from '@/components/ui/stat-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone, transactionState } from '@/lib/status';
import type { AdminTransaction } from '../api/types';
import { TRANSACTION_LIST } from '../api/queries';
import { usePermissions } from '../api/use-permissions';
import { useAdminTransactions } from '../api/use-admin-data';
import { PaymentDialog, RefundDialog, SettleTransferDialog } from '../components/payment-dialogs';
import { MenuButton } from '@/components/ui/menu';
import { BulkBar, selectionColumn, useRowSelection } from '../components/bulk-actions';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { type TransactionAction, transactionActions } from '../lib/row-actions';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { statusLabel } from '../lib/status-label';
import { useListControls, useTableControls } from '../lib/use-table-controls';

const transactionId = (transaction: AdminTransaction) => transaction.id;

export function AdminBillingPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(TRANSACTION_LIST);
  const query = useAdminTransactions(list.params);
  const summary = query.data?.summary;
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const { can } = usePermissions();
  const [viewing, setViewing] = useState<string | null>(null);
  const [declining, setDeclining] = useState<AdminTransaction | null>(null);
  const [approving, setApproving] = useState<AdminTransaction | null>(null);
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const canApprove = can('billing.approve');
  const canRefund = can('billing.write');
  const rows = query.data?.items;
  const selection = useRowSelection(rows, transactionId);

  const columns = useMemo<Column<AdminTransaction>[]>(() => {
    const run = (name: TransactionAction, transaction: AdminTransaction) => {
      setOutcome(null);
      if (name === 'view') return setViewing(transaction.id);
      if (name === 'decline') return setDeclining(transaction);
      if (name === 'refund') return setRefunding(transaction);
      return setApproving(transaction);
    };
    const ACTIONS = {
      view: { icon: Eye },
      approve: { icon: Check },
      decline: { icon: X },
      refund: { icon: Undo2 },
    } as const;
    return [
      ...(canApprove
        ? [
            selectionColumn(
              selection,
              transactionId,
              (transaction: AdminTransaction) => t('bulk.selectRow', { name: transaction.id }),
              t('bulk.selectAll'),
            ),
          ]
        : []),
      {
        key: 'transaction',
        header: t('billing.columns.transaction'),
        rowHeader: true,
        cell: (transaction) => (
          <div className="md:min-w-44">
            <p className="font-medium text-slate-900">
              {transaction.invoiceNumber === null
                ? t('billing.topUp')
                : t('billing.invoicePayment', { number: transaction.invoiceNumber })}
            </p>
            <p className="text-slate-600">{format.date(transaction.createdAt)}</p>
            <p className="text-slate-600">
              {t(`billing.methods.${transaction.paymentMethod}`, { defaultValue: transaction.paymentMethod })}
            </p>
          </div>
        ),
      },
      {
        key: 'customer',
        header: t('billing.columns.customer'),
        cell: (transaction) => (
          <div className="min-w-0 md:whitespace-nowrap">
            <p className="text-slate-900">{transaction.userName}</p>
            <p className="break-all text-slate-600 md:break-normal">{transaction.userEmail}</p>
          </div>
        ),
      },
      {
        key: 'amount',
        header: t('billing.columns.amount'),
        className: 'text-right',
        cell: (transaction) => (
          <>
            <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
              {format.money(transaction.amount)}
            </span>
            {transaction.refunded.amountMinor > 0 && (
              <span className="block text-slate-600 tabular-nums">
                {t('billing.refundedAmount', { amount: format.money(transaction.refunded) })}
              </span>
            )}
          </>
        ),
      },
      {
        key: 'status',
        header: t('billing.columns.status'),
        cell: (transaction) => {
          const state = transactionState(transaction.status);
          return <StatusBadge tone={statusTone(state)} label={t(`status.${state}`)} />;
        },
      },
      {
        key: 'actions',
        header: t('list.actions'),
        cell: (transaction) => {
          // View stays in sight; settling and refunds are in the row's menu, Decline apart (decision 048).
          const [view, ...rest] = transactionActions(
            transaction.status,
            transaction.paymentMethod,
            canApprove,
            canRefund,
          );
          const item = (name: TransactionAction) => ({
            key: name,
            label: t(`actions.${name}`),
            icon: ACTIONS[name].icon,
            onSelect: () => run(name, transaction),
          });
          return (
            <div className="flex flex-wrap gap-2">
              {view && (
                <RowAction
                  icon={ACTIONS[view].icon}
                  label={t(`actions.${view}`)}
                  subject={transaction.id}
                  onClick={() => run(view, transaction)}
                />
              )}
              {rest.length > 0 && (
                <MenuButton
                  label={t('actions.menu')}
                  accessibleLabel={t('actions.menuFor', { subject: transaction.id })}
                  items={rest.filter((name) => name !== 'decline').map(item)}
                  danger={rest.filter((name) => name === 'decline').map(item)}
                />
              )}
            </div>
          );
        },
      },
    ];
  }, [t, format, canApprove, canRefund, selection]);

  return (
    <>
      <PageHeader title={t('billing.heading')} description={t('billing.intro')} />
      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.tone} className="mb-4">
            {outcome.text}
          </Alert>
        )}
      </div>
      {summary ? (
        <section aria-label={t('billing.summary')} className="mb-6 grid gap-4 md:grid-cols-3">
          <StatCard
            icon={DollarSign}
            label={t('billing.totalRevenue')}
            value={format.money(summary.totalRevenue)}
            detail={t('billing.last30Days')}
          />
          <StatCard
            icon={Clock}
            label={t('billing.pendingPayments')}
            value={format.money(summary.pendingAmount)}
            detail={t('billing.transactions', { count: summary.pendingCount })}
          />
          <StatCard
            icon={AlertTriangle}
            label={t('billing.failedPayments')}
            value={format.money(summary.failedAmount)}
            detail={t('billing.transactions', { count: summary.failedCount })}
          />
        </section>
      ) : (
        !query.isError && (
          <LoadingRegion label={t('billing.summary')} className="mb-6">
            <div className="grid gap-4 md:grid-cols-3">
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
          </LoadingRegion>
        )
      )}
      {canApprove && (
        <BulkBar
          list="payments"
          selection={selection}
          nameOf={(id) => id}
          choices={(['approve', 'decline'] as const).map((action) => ({
            action,
            label: t(`actions.${action}`),
            danger: action === 'decline',
            optional: action === 'approve',
            title: t(`billing.bulk.${action}Title`, { count: selection.selected.length }),
            body: t(`billing.bulk.${action}Body`),
            reasonLabel: action === 'approve' ? t('billing.approveDialog.reason') : t('billing.decline.reason'),
          }))}
        />
      )}
      <AdminList
        caption={t('billing.caption')}
        items={t('billing.items')}
        searchLabel={t('billing.searchLabel')}
        placeholder={t('billing.searchPlaceholder')}
        columns={columns}
        rowKey={(transaction) => transaction.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('list.status'),
            values: TRANSACTION_LIST.filters.status.map((value) => ({ value, label: statusLabel(t, value) })),
          },
        ]}
        sorts={[
          { value: 'createdAt', label: t('list.date') },
          { value: 'amount', label: t('billing.sortAmount') },
        ]}
        exportRoute={billingAdminRoutes.getAdminTransactionsExport}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
      {viewing && <PaymentDialog id={viewing} onClose={() => setViewing(null)} />}
      {refunding && (
        <RefundDialog
          transaction={refunding}
          onClose={() => setRefunding(null)}
          onDone={(text) => {
            setRefunding(null);
            setOutcome({ tone: 'success', text });
          }}
        />
      )}
      {declining && (
        <SettleTransferDialog
          kind="decline"
          transaction={declining}
          onClose={() => setDeclining(null)}
          onDone={(text) => {
            setDeclining(null);
            setOutcome({ tone: 'success', text });
          }}
        />
      )}
      {approving && (
        <SettleTransferDialog
          kind="approve"
          transaction={approving}
          onClose={() => setApproving(null)}
          onDone={(text) => {
            setApproving(null);
            setOutcome({ tone: 'success', text });
          }}
        />
      )}
    </>
  );
}
