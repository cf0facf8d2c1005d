import type { TicketReplyRequest } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey } from '@/lib/account-errors';
import { cn } from '@/lib/cn';
import { ticketStatusTone } from '@/lib/status';
import { dashboardPaths } from '../lib/paths';
import { dashboardQueries } from '../api/queries';
import { useReplyToTicket, useSetTicketClosed } from '../api/use-ticket-actions';
import { Panel } from '../components/panel';
import { useStatusLabel } from '../components/status-label';
import { ReplyForm } from '../components/support/reply-form';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/**
 * A ticket and its conversation (docs/product/states.md): a reply makes it open, a staff answer makes it
 * answered; the customer closes it when it is solved and may reopen it to write again.
 */
export function DashboardTicketPage() {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(dashboardQueries.ticket(id));
  const format = useDashboardFormat();
  const statusLabel = useStatusLabel();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const replyTo = useReplyToTicket(id);
  const close = useSetTicketClosed(id);
  const pending = close.isPending;

  const reply = async (input: TicketReplyRequest) => {
    setStatus('');
    await replyTo.mutateAsync(input);
    setStatus(t('ticket.replied'));
  };
  const setClosed = async (closed: boolean) => {
    setFailure(null);
    setStatus('');
    try {
      await close.mutateAsync(closed);
      setStatus(closed ? t('ticket.closedNow') : t('ticket.reopenedNow'));
    } catch (error) {
      setFailure(accountErrorKey(error));
    }
  };

  return (
    <>
      <Link
        to={dashboardPaths.support}
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('ticket.back')}
      </Link>
      <QueryView
        query={query}
        loadingLabel={t('ticket.loading')}
        errorTitle={t('ticket.loadError')}
        skeleton={<SkeletonRows rows={6} />}
      >
        {(ticket) => {
          const closed = ticket.status === 'closed';
          const action = closed ? (
            <Button variant="secondary" disabled={pending} aria-busy={pending} onClick={() => void setClosed(false)}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('ticket.reopen')}
            </Button>
          ) : (
            <Button variant="secondary" disabled={pending} aria-busy={pending} onClick={() => void setClosed(true)}>
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {t('ticket.close')}
            </Button>
          );
          return (
            <>
              <PageHeader
                title={ticket.subject}
                description={t('ticket.meta', {
                  number: ticket.number,
                  department: t(`support.department.${ticket.department}`),
                  priority: t(`support.priority.${ticket.priority}`),
                })}
                actions={action}
              />
              <div className="mb-4 flex flex-wrap items-center gap-3">
                <span className="text-sm text-slate-600">{t('ticket.status')}</span>
                <StatusBadge tone={ticketStatusTone(ticket.status)} label={statusLabel(ticket.status)} />
                <p role="status" className="text-sm text-success-800 empty:hidden">
                  {status}
                </p>
              </div>
              {failure && (
                <Alert tone="error" title={t('ticket.actionFailed')} className="mb-4">
                  {tc(failure)}
                </Alert>
              )}
              <Panel title={t('ticket.conversation')}>
                <ol className="space-y-3">
                  {ticket.messages.map((message) => {
                    const staff = message.authorKind === 'staff';
                    return (
                      <li
                        key={message.id}
                        className={cn(
                          'rounded-xl border p-4',
                          staff ? 'border-brand-200 bg-brand-50 sm:mr-12' : 'border-slate-200 bg-white sm:ml-12',
                        )}
                      >
                        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                          <span className="font-semibold text-slate-900">
                            {staff ? t('ticket.staffAuthor', { name: message.authorName }) : t('ticket.you')}
                          </span>
                          <time dateTime={message.createdAt} className="text-xs text-slate-600">
                            {format.dateTime(message.createdAt)}
                          </time>
                        </p>
                        <p className="mt-2 whitespace-pre-line break-words text-slate-800">{message.body}</p>
                      </li>
                    );
                  })}
                </ol>
              </Panel>
              <div className="mt-6">
                {closed ? (
                  <Alert tone="info" title={t('ticket.closedTitle')}>
                    {t('ticket.closedBody')}
                  </Alert>
                ) : (
                  <Panel title={t('ticket.replyTitle')}>
                    <ReplyForm onSend={reply} />
                  </Panel>
                )}
              </div>
            </>
          );
        }}
      </QueryView>
    </>
  );
}
