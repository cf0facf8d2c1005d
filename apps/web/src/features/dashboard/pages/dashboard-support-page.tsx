import { useQueryClient } from '@tanstack/react-query';
import { LifeBuoy, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { dashboardPaths } from '../lib/paths';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatusBadge } from '@/components/ui/status-badge';
import { cn } from '@/lib/cn';
import { ticketStatusTone } from '@/lib/status';
import type { SupportTicket } from '../api/types';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { useSupportTickets } from '../api/use-dashboard-data';
import { KnowledgeBasePanel } from '../components/knowledge-base-panel';
import { useStatusLabel } from '../components/status-label';
import { TicketForm } from '../components/support/ticket-form';
import { dashboardKeys } from '../api/keys';
import { useDashboardFormat } from '../lib/use-dashboard-format';

export function DashboardSupportPage() {
  const { t } = useTranslation('dashboard');
  const tickets = useSupportTickets();
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const createTicket = (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="size-4" />
      {t('support.createTicket')}
    </Button>
  );

  const columns: Column<SupportTicket>[] = [
    {
      key: 'subject',
      header: t('support.columns.subject'),
      rowHeader: true,
      className: 'min-w-52',
      cell: (ticket) => (
        <>
          <Link
            to={dashboardPaths.ticket(ticket.id)}
            className="block font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {ticket.subject}
          </Link>
          <span className="block text-xs text-slate-500">{ticket.number}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('support.columns.status'),
      cell: (ticket) => <StatusBadge tone={ticketStatusTone(ticket.status)} label={statusLabel(ticket.status)} />,
    },
    {
      key: 'priority',
      header: t('support.columns.priority'),
      cell: (ticket) => (
        <span className={cn('font-medium', ticket.priority === 'high' ? 'text-danger-700' : 'text-slate-700')}>
          {t(`support.priority.${ticket.priority}`)}
        </span>
      ),
    },
    {
      key: 'lastUpdate',
      header: t('support.columns.lastUpdate'),
      cell: (ticket) => (
        <time dateTime={new Date(ticket.updatedAt).toISOString()} className="whitespace-nowrap">
          {format.dateTime(ticket.updatedAt)}
        </time>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('support.heading')} description={t('support.intro')} actions={createTicket} />
      <div className="grid gap-6 xl:grid-cols-3">
        <section aria-labelledby="support-tickets" className="min-w-0 xl:col-span-2">
          <h2 id="support-tickets" className="mb-3 text-lg font-semibold text-slate-900">
            {t('support.tickets')}
          </h2>
          <QueryView
            query={tickets}
            loadingLabel={t('support.loading')}
            errorTitle={t('support.loadError')}
            skeleton={<SkeletonRows rows={3} />}
          >
            {(rows) =>
              rows.length === 0 ? (
                <EmptyState
                  icon={LifeBuoy}
                  title={t('support.empty.title')}
                  description={t('support.empty.description')}
                  action={createTicket}
                />
              ) : (
                <DataTable
                  caption={t('support.tickets')}
                  captionHidden
                  stacked
                  columns={columns}
                  rows={rows}
                  rowKey={(ticket) => ticket.id}
                />
              )
            }
          </QueryView>
        </section>
        <div className="min-w-0">
          <KnowledgeBasePanel />
        </div>
      </div>
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        title={t('support.form.title')}
        closeLabel={t('support.form.close')}
      >
        {creating && (
          <TicketForm
            onCancel={() => setCreating(false)}
            onCreated={(ticket) => {
              queryClient.setQueryData(dashboardKeys.ticket(ticket.id), ticket);
              void queryClient.invalidateQueries({ queryKey: dashboardKeys.tickets(), exact: true });
              setCreating(false);
              void navigate(dashboardPaths.ticket(ticket.id));
            }}
          />
        )}
      </Dialog>
    </>
  );
}
