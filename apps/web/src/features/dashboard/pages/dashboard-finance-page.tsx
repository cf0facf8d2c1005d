import { CreditCard, Download, Eye, FileText, History, Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { accountErrorKey } from '@/lib/account-errors';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { buttonClasses } from '@/components/ui/button-styles';
import { type Column, DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { PageHeader } from '@/components/ui/page-header';
import { cn } from '@/lib/cn';
import { statusTone, transactionState } from '@/lib/status';
import { useState } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton, SkeletonRows } from '@/components/ui/skeleton';
import { FINANCE_PAGE_SIZE } from '../api/queries';
import type { Invoice, Paged, Transaction } from '../api/types';
import { useBalance, useInvoices, useTransactions } from '../api/use-dashboard-data';
import type { TransactionFilters } from '../api/keys';
import { BalanceCard } from '../components/balance-card';
import { appliedFilters, hasFilters, TransactionFilterBar } from '../components/transaction-filters';
import { Panel } from '../components/panel';
import { useStatusLabel } from '../components/status-label';
import { StatementDialog } from '../components/statement-dialog';
import { useMoneyDialogs } from '../components/money/use-money-dialogs';
import { usePaymentMethod } from '../api/use-payment-method';
import { PaymentMethodDialog, useCardLabel } from '../components/money/payment-method-dialog';
import { useDownload } from '@/lib/use-download';
import { useDashboardFormat } from '../lib/use-dashboard-format';

const TRANSACTIONS_ID = 'transactions';
const SAVED_CARD_ID = 'saved-card';
const pdfPath = (invoice: Invoice) => `/finance/invoices/${encodeURIComponent(invoice.id)}/pdf`;

export function DashboardFinancePage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const balance = useBalance();
  const [transactionPage, setTransactionPage] = useState(1);
  const [filters, setFilters] = useState<TransactionFilters>({});
  // The last filters the API was asked with: a period that ends before it starts keeps showing them.
  const [applied, setApplied] = useState<TransactionFilters>({});
  const changeFilters = (next: TransactionFilters) => {
    setFilters(next);
    const valid = appliedFilters(next);
    if (valid) {
      setApplied(valid);
      setTransactionPage(1);
    }
  };
  const [invoicePage, setInvoicePage] = useState(1);
  const transactions = useTransactions(transactionPage, applied);
  const invoices = useInvoices(invoicePage);
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const savedCard = usePaymentMethod();
  const cardLabel = useCardLabel();
  const [paymentMethodOpen, setPaymentMethodOpen] = useState(false);
  const money = useMoneyDialogs();
  const invoiceDownload = useDownload();
  const [statementOpen, setStatementOpen] = useState(false);

  const transactionColumns: Column<Transaction>[] = [
    {
      key: 'description',
      header: t('finance.columns.description'),
      rowHeader: true,
      className: 'min-w-48',
      cell: (tx) => (
        <>
          <span className="block">{tx.description}</span>
          {tx.method && <span className="block text-xs text-slate-500">{t(`money.methods.${tx.method}`)}</span>}
        </>
      ),
    },
    {
      key: 'amount',
      header: t('finance.columns.amount'),
      className: 'text-right',
      cell: (tx) => (
        <span
          className={cn(
            'font-semibold whitespace-nowrap tabular-nums',
            tx.amount.amountMinor < 0 ? 'text-danger-700' : 'text-success-700',
          )}
        >
          {tx.amount.amountMinor > 0 ? '+' : ''}
          {format.money(tx.amount)}
          <span className="sr-only"> ({t(tx.amount.amountMinor < 0 ? 'finance.charge' : 'finance.credit')})</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('finance.columns.status'),
      cell: (tx) => {
        const state = transactionState(tx.status);
        return <StatusBadge tone={statusTone(state)} label={statusLabel(state)} />;
      },
    },
    {
      key: 'date',
      header: t('finance.columns.date'),
      cell: (tx) => <span className="whitespace-nowrap">{format.date(tx.createdAt)}</span>,
    },
  ];

  const invoiceColumns: Column<Invoice>[] = [
    {
      key: 'number',
      header: t('finance.columns.invoice'),
      rowHeader: true,
      cell: (invoice) => <span className="font-semibold whitespace-nowrap text-slate-900">{invoice.number}</span>,
    },
    {
      key: 'date',
      header: t('finance.columns.date'),
      cell: (invoice) => <span className="whitespace-nowrap">{format.date(invoice.issuedAt)}</span>,
    },
    {
      key: 'amount',
      header: t('finance.columns.amount'),
      className: 'text-right',
      cell: (invoice) => <span className="whitespace-nowrap tabular-nums">{format.money(invoice.total)}</span>,
    },
    {
      key: 'status',
      header: t('finance.columns.status'),
      cell: (invoice) => <StatusBadge tone={statusTone(invoice.status)} label={statusLabel(invoice.status)} />,
    },
    {
      key: 'actions',
      header: t('finance.columns.actions'),
      cell: (invoice) => (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={invoiceDownload.isPending && invoiceDownload.variables === pdfPath(invoice)}
            aria-busy={invoiceDownload.isPending && invoiceDownload.variables === pdfPath(invoice)}
            onClick={() => invoiceDownload.mutate(pdfPath(invoice))}
          >
            <Download aria-hidden="true" className="size-4" />
            {invoiceDownload.isPending && invoiceDownload.variables === pdfPath(invoice)
              ? t('finance.downloading')
              : t('finance.download')}{' '}
            <span className="sr-only">{invoice.number}</span>
          </Button>
          <ButtonLink
            variant="secondary"
            size="sm"
            to={`/dashboard/finance/invoices/${encodeURIComponent(invoice.id)}`}
          >
            <Eye aria-hidden="true" className="size-4" />
            {t('finance.view')} <span className="sr-only">{invoice.number}</span>
          </ButtonLink>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('finance.heading')} description={t('finance.intro')} />
      <div className="grid gap-6 lg:grid-cols-3">
        <QueryView
          query={balance}
          loadingLabel={t('balance.loading')}
          errorTitle={t('balance.loadError')}
          skeleton={<Skeleton className="h-52" />}
        >
          {(value) => <BalanceCard balance={value} onAddFunds={money.openAddFunds} />}
        </QueryView>
        <Panel title={t('finance.quickActions.title')} className="lg:col-span-2">
          <ul className="grid gap-2">
            <li>
              <a href={`#${TRANSACTIONS_ID}`} className={cn(buttonClasses('secondary', 'md', true), 'justify-start')}>
                <History aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                {t('finance.quickActions.history')}
              </a>
            </li>
            <li>
              <Button
                variant="secondary"
                fullWidth
                className="justify-start"
                aria-describedby={SAVED_CARD_ID}
                onClick={() => setPaymentMethodOpen(true)}
              >
                <CreditCard aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                {t('finance.quickActions.paymentMethod')}
              </Button>
              <p id={SAVED_CARD_ID} className="mt-1 px-1 text-sm text-slate-600">
                {savedCard.data
                  ? t('finance.savedCard', { card: cardLabel(savedCard.data) })
                  : savedCard.isSuccess
                    ? t('finance.noSavedCard')
                    : null}
              </p>
            </li>
            <li>
              <Button variant="secondary" fullWidth className="justify-start" onClick={() => setStatementOpen(true)}>
                <FileText aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                {t('finance.quickActions.statement')}
              </Button>
            </li>
          </ul>
        </Panel>
      </div>

      <section id={TRANSACTIONS_ID} tabIndex={-1} className="mt-8 scroll-mt-20 outline-none">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('finance.transactions')}</h2>
        <TransactionFilterBar value={filters} onChange={changeFilters} />
        <QueryView
          query={transactions}
          loadingLabel={t('finance.loadingTransactions')}
          errorTitle={t('finance.transactionsError')}
          skeleton={<SkeletonRows rows={5} />}
        >
          {(page) => (
            <>
              <DataTable
                caption={t('finance.transactions')}
                captionHidden
                stacked
                columns={transactionColumns}
                rows={page.items}
                rowKey={(tx) => tx.id}
                empty={
                  <span className="inline-flex items-center gap-2">
                    <Receipt aria-hidden="true" className="size-5" />
                    {hasFilters(applied) ? t('finance.filters.noMatch') : t('finance.noTransactions')}
                  </span>
                }
              />
              <FinancePager
                label={t('finance.transactionPages')}
                data={page}
                page={transactionPage}
                onPage={setTransactionPage}
              />
            </>
          )}
        </QueryView>
      </section>

      <section className="mt-8">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('finance.invoices')}</h2>
        {invoiceDownload.isError && (
          <Alert tone="error" title={t('finance.downloadFailed')} className="mb-4">
            {tc(accountErrorKey(invoiceDownload.error))}
          </Alert>
        )}
        <QueryView
          query={invoices}
          loadingLabel={t('finance.loadingInvoices')}
          errorTitle={t('finance.invoicesError')}
          skeleton={<SkeletonRows rows={5} />}
        >
          {(page) => (
            <>
              <DataTable
                caption={t('finance.invoices')}
                captionHidden
                stacked
                columns={invoiceColumns}
                rows={page.items}
                rowKey={(invoice) => invoice.id}
                empty={
                  <span className="inline-flex items-center gap-2">
                    <FileText aria-hidden="true" className="size-5" />
                    {t('finance.noInvoices')}
                  </span>
                }
              />
              <FinancePager label={t('finance.invoicePages')} data={page} page={invoicePage} onPage={setInvoicePage} />
            </>
          )}
        </QueryView>
      </section>
      <StatementDialog open={statementOpen} onClose={() => setStatementOpen(false)} />
      <PaymentMethodDialog open={paymentMethodOpen} onClose={() => setPaymentMethodOpen(false)} />
      {money.dialogs}
    </>
  );
}

/** Previous and Next under a finance table, with the results line; hidden while everything fits on one page. */
function FinancePager<Row>({
  label,
  data,
  page,
  onPage,
}: {
  label: string;
  data: Paged<Row>;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('dashboard');
  const pageCount = Math.max(1, Math.ceil(data.total / FINANCE_PAGE_SIZE));
  if (data.total <= FINANCE_PAGE_SIZE && page === 1) return null;
  const from = data.items.length === 0 ? 0 : (page - 1) * FINANCE_PAGE_SIZE + 1;
  const to = data.items.length === 0 ? 0 : from + data.items.length - 1;
  return (
    <Pagination
      label={label}
      pageSize={FINANCE_PAGE_SIZE}
      summary={t('finance.results', { from, to, count: data.total })}
      onPrevious={() => onPage(Math.max(1, page - 1))}
      onNext={() => onPage(Math.min(pageCount, page + 1))}
      previousDisabled={page <= 1}
      nextDisabled={page >= pageCount}
    />
  );
}
