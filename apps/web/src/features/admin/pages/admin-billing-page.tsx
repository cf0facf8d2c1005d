import { AlertTriangle, Check, Clock, DollarSign, Eye, X } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatCard } from '@/components/ui/stat-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { statusTone, transactionState } from '@/lib/status';
import type { AdminTransaction } from '../api/types';
import { useAdminTransactions } from '../api/use-admin-data';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { transactionActions } from '../lib/row-actions';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { useTableControls } from '../lib/use-table-controls';

const searchable = (transaction: AdminTransaction) => [
  transaction.id,
  transaction.description,
  transaction.userName,
  transaction.userId,
  transaction.status,
  transaction.type,
  transaction.paymentMethod.replace(/_/g, ' '),
];

export function AdminBillingPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const { data } = useAdminTransactions();
  const { summary } = data;
  const controls = useTableControls(data.transactions, searchable);
  const { notice, show, close } = useNotice();

  const columns = useMemo<Column<AdminTransaction>[]>(() => {
    const ACTIONS = {
      view: { icon: Eye, variant: 'secondary' },
      approve: { icon: Check, variant: 'primary' },
      decline: { icon: X, variant: 'danger' },
    } as const;
    return [
      {
        key: 'transaction',
        header: t('billing.columns.transaction'),
        rowHeader: true,
        cell: (transaction) => (
          <div className="md:min-w-44">
            <p className="font-medium text-slate-900">{transaction.description}</p>
            <p className="text-slate-600">{format.date(transaction.date)}</p>
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
          <div className="whitespace-nowrap">
            <p className="text-slate-900">{transaction.userName}</p>
            <p className="text-slate-600">{t('domains.ownerId', { id: transaction.userId })}</p>
          </div>
        ),
      },
      {
        key: 'amount',
        header: t('billing.columns.amount'),
        className: 'text-right',
        cell: (transaction) => (
          <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {format.money(transaction.amount)}
          </span>
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
        cell: (transaction) => (
          <div className="flex flex-wrap gap-2">
            {transactionActions(transaction.status).map((name) => (
              <RowAction
                key={name}
                icon={ACTIONS[name].icon}
                variant={ACTIONS[name].variant}
                label={t(`actions.${name}`)}
                subject={transaction.id}
                onClick={() =>
                  show({
                    title: t('notice.actionTitle', { action: t(`actions.${name}`), subject: transaction.id }),
                    body: t(name === 'view' ? 'billing.viewBody' : 'billing.actionBody'),
                  })
                }
              />
            ))}
          </div>
        ),
      },
    ];
  }, [t, format, show]);

  return (
    <>
      <PageHeader title={t('billing.heading')} description={t('billing.intro')} />
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
      <AdminList
        caption={t('billing.caption')}
        items={t('billing.items')}
        searchLabel={t('billing.searchLabel')}
        placeholder={t('billing.searchPlaceholder')}
        columns={columns}
        rowKey={(transaction) => transaction.id}
        controls={controls}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
