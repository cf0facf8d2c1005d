import { type InvoiceDetail, UNPAID_ORDER_EXPIRY_DAYS } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { type Column, DataTable } from '@/components/ui/data-table';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey } from '@/lib/account-errors';
import { statusTone } from '@/lib/status';
import { dashboardQueries } from '../api/queries';
import { useMessageText } from '../api/use-dashboard-data';
import { useDownload } from '@/lib/use-download';
import { PaymentDetails } from '../components/money/payment-details';
import { isPayable, UnpaidOrderActions } from '../components/money/unpaid-order-actions';
import { dashboardPaths } from '../lib/paths';
import { Panel } from '../components/panel';
import { useStatusLabel } from '../components/status-label';
import { useDashboardFormat } from '../lib/use-dashboard-format';

type Line = InvoiceDetail['lines'][number];

/**
 * One invoice as a page (docs/decisions/026-invoice-and-statement-documents.md): the seller from the billing
 * settings, the buyer, the lines and the total, its status and dates, and, for the pro-forma invoice of a bank
 * transfer, where to pay. Texts are in the reader's language; Download PDF saves the same document.
 */
export function DashboardInvoicePage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const invoice = useQuery(dashboardQueries.invoice(id));
  return (
    <>
      <Link
        to="/dashboard/finance"
        className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('money.invoice.back')}
      </Link>
      <QueryView
        query={invoice}
        loadingLabel={t('money.invoice.loading')}
        errorTitle={t('money.invoice.loadError')}
        skeleton={<Skeleton className="h-96" />}
      >
        {(data) => <InvoiceView invoice={data} />}
      </QueryView>
    </>
  );
}

function InvoiceView({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const text = useMessageText();
  const download = useDownload();
  const pdfPath = `/finance/invoices/${encodeURIComponent(invoice.id)}/pdf`;
  const proForma = invoice.paymentDetails !== null && invoice.status === 'unpaid';

  const columns: Column<Line>[] = [
    {
      key: 'description',
      header: t('documents.invoice.description'),
      rowHeader: true,
      className: 'min-w-48',
      cell: (line) => text(line.description, 'invoiceLines.unknown'),
    },
    {
      key: 'quantity',
      header: t('documents.invoice.quantity'),
      className: 'text-right',
      cell: (line) => line.quantity,
    },
    {
      key: 'unitPrice',
      header: t('documents.invoice.unitPrice'),
      className: 'text-right',
      cell: (line) => <span className="whitespace-nowrap tabular-nums">{format.money(line.unitPrice)}</span>,
    },
    {
      key: 'amount',
      header: t('documents.invoice.amount'),
      className: 'text-right',
      cell: (line) => <span className="whitespace-nowrap tabular-nums">{format.money(line.amount)}</span>,
    },
  ];

  const dates: [string, string][] = [
    [t('documents.invoice.issued'), format.date(invoice.issuedAt)],
    [t('documents.invoice.due'), format.date(invoice.dueAt)],
    ...(invoice.paidAt ? [[t('documents.invoice.paid'), format.date(invoice.paidAt)] as [string, string]] : []),
  ];

  return (
    <article aria-labelledby="invoice-title">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 id="invoice-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t(proForma ? 'documents.invoice.proForma' : 'documents.invoice.title')}{' '}
            <span className="break-all">{invoice.number}</span>
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{t('documents.invoice.status')}:</span>
            <StatusBadge tone={statusTone(invoice.status)} label={statusLabel(invoice.status)} />
          </div>
        </div>
        <Button
          variant="secondary"
          disabled={download.isPending}
          aria-busy={download.isPending}
          onClick={() => download.mutate(pdfPath)}
        >
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? t('finance.downloading') : t('money.invoice.downloadPdf')}
        </Button>
      </div>
      {download.isError && (
        <Alert tone="error" title={t('finance.downloadFailed')} className="mb-4">
          {tc(accountErrorKey(download.error))}
        </Alert>
      )}
      {invoice.orderId && invoice.status === 'unpaid' && <OrderOfInvoice orderId={invoice.orderId} />}

      <div className="grid gap-6 md:grid-cols-3">
        <Panel title={t('documents.invoice.seller')}>
          <address className="text-sm leading-6 text-slate-700 not-italic">
            <span className="block font-semibold text-slate-900">{invoice.seller.name}</span>
            <span className="block whitespace-pre-line">{invoice.seller.address}</span>
            {invoice.seller.taxId && (
              <span className="block">{t('documents.invoice.taxId', { taxId: invoice.seller.taxId })}</span>
            )}
            <span className="block break-all">{invoice.seller.email}</span>
          </address>
        </Panel>
        <Panel title={t('documents.invoice.buyer')}>
          <address className="text-sm leading-6 text-slate-700 not-italic">
            <span className="block font-semibold text-slate-900">{invoice.buyer.name}</span>
            <span className="block break-all">{invoice.buyer.email}</span>
          </address>
        </Panel>
        <Panel title={t('money.invoice.dates')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {dates.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-slate-500">{term}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      </div>

      <section className="mt-6" aria-labelledby="invoice-lines">
        <h2 id="invoice-lines" className="sr-only">
          {t('money.invoice.lines')}
        </h2>
        <DataTable
          caption={t('money.invoice.lines')}
          captionHidden
          stacked
          columns={columns}
          rows={invoice.lines}
          rowKey={(line) => line.id}
          empty={t('money.invoice.noLines')}
        />
        <p className="mt-4 flex items-baseline justify-end gap-4 text-lg">
          <span className="font-medium text-slate-600">{t('documents.invoice.total')}</span>
          <span className="font-bold text-slate-900 tabular-nums">{format.money(invoice.total)}</span>
        </p>
      </section>

      {invoice.paymentDetails && invoice.status === 'unpaid' && (
        <PaymentDetails details={invoice.paymentDetails} amount={invoice.total} className="mt-6" />
      )}
    </article>
  );
}

/**
 * An unpaid order invoice says whose it is, when it expires, and offers the order's Pay and Cancel
 * (docs/decisions/052-money-journeys.md); nothing while the order loads or when it cannot be read.
 */
function OrderOfInvoice({ orderId }: { orderId: string }) {
  const { t } = useTranslation('dashboard');
  const format = useDashboardFormat();
  const order = useQuery(dashboardQueries.order(orderId));
  if (!order.data || !isPayable(order.data)) return null;
  return (
    <Alert tone="info" title={t('orders.invoiceOfOrder', { number: order.data.number })} className="mb-6">
      {order.data.expiresAt && (
        <p>{t('orders.expires', { date: format.date(order.data.expiresAt), count: UNPAID_ORDER_EXPIRY_DAYS })}</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <UnpaidOrderActions order={order.data} />
        <ButtonLink variant="secondary" to={dashboardPaths.order(orderId)}>
          {t('orders.open', { number: order.data.number })}
        </ButtonLink>
      </div>
    </Alert>
  );
}
