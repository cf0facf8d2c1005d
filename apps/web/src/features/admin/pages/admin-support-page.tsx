import { type AdminTicket, TICKET_PRIORITIES, TICKET_STATUSES } from '@hostpilot/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { TICKET_LIST, useAdminTickets } from '../api/use-operations';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { useListControls, useTableControls } from '../lib/use-table-controls';
import { PRIORITY_TONES, TICKET_STATUS_TONES } from './admin-ticket-page';

/**
 * The support queue (docs/decisions/035-support-queue-and-operations.md): every customer's tickets, searched by
 * subject, number or customer, filtered by status, priority and assignee, sorted and paged on the server.
 */
export function AdminSupportPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(TICKET_LIST);
  const query = useAdminTickets(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();

  const columns = useMemo<Column<AdminTicket>[]>(
    () => [
      {
        key: 'ticket',
        header: t('support.columns.ticket'),
        rowHeader: true,
        cell: (ticket) => (
          <div className="min-w-0">
            <Link
              to={`/admin/support/${ticket.id}`}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
              aria-label={`${ticket.number}: ${ticket.subject}`}
            >
              {ticket.number}
            </Link>
            <p className="break-words text-slate-900">{ticket.subject}</p>
          </div>
        ),
      },
      {
        key: 'customer',
        header: t('support.columns.customer'),
        cell: (ticket) =>
          ticket.customer ? (
            <div className="min-w-0">
              <p className="text-slate-900">{ticket.customer.name}</p>
              <p className="break-words text-slate-600">{ticket.customer.email}</p>
            </div>
          ) : ticket.guest ? (
            <div className="min-w-0">
              <p className="text-slate-900">
                {ticket.guest.name} <span className="text-slate-500">· {t('support.guest')}</span>
              </p>
              <p className="break-words text-slate-600">{ticket.guest.email}</p>
            </div>
          ) : (
            <span className="text-slate-500">{t('support.deletedCustomer')}</span>
          ),
      },
      {
        key: 'priority',
        header: t('support.columns.priority'),
        cell: (ticket) => (
          <StatusBadge tone={PRIORITY_TONES[ticket.priority]} label={t(`support.priorities.${ticket.priority}`)} />
        ),
      },
      {
        key: 'status',
        header: t('support.columns.status'),
        cell: (ticket) => (
          <StatusBadge tone={TICKET_STATUS_TONES[ticket.status]} label={statusLabel(t, ticket.status)} />
        ),
      },
      {
        key: 'assignee',
        header: t('support.columns.assignee'),
        cell: (ticket) => (
          <span className={ticket.assignee ? 'text-slate-900' : 'text-slate-500'}>
            {ticket.assignee?.name ?? t('support.nobody')}
          </span>
        ),
      },
      {
        key: 'updated',
        header: t('support.columns.updated'),
        cell: (ticket) => (
          <time dateTime={ticket.updatedAt} className="whitespace-nowrap text-slate-700">
            {format.dateTime(ticket.updatedAt)}
          </time>
        ),
      },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader title={t('support.heading')} description={t('support.intro')} />
      <AdminList
        caption={t('support.caption')}
        items={t('support.items')}
        searchLabel={t('support.searchLabel')}
        placeholder={t('support.searchPlaceholder')}
        columns={columns}
        rowKey={(ticket) => ticket.id}
        query={query}
        controls={controls}
        filters={[
          {
            name: 'status',
            label: t('support.columns.status'),
            values: TICKET_STATUSES.map((value) => ({ value, label: statusLabel(t, value) })),
          },
          {
            name: 'priority',
            label: t('support.columns.priority'),
            values: TICKET_PRIORITIES.map((value) => ({ value, label: t(`support.priorities.${value}`) })),
          },
          {
            name: 'assignee',
            label: t('support.assignee'),
            values: [
              { value: 'me', label: t('support.mine') },
              { value: 'none', label: t('support.unassigned') },
            ],
          },
        ]}
        sorts={TICKET_LIST.sorts.map((value) => ({ value, label: t(`support.sort.${value}`) }))}
        onNotice={show}
      />
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}
