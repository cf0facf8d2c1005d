import {
  type AdminTicketDetail,
  TICKET_MESSAGE_MAX,
  TICKET_MESSAGE_MIN,
  TICKET_PRIORITIES,
  type TicketPriority,
  type TicketStatus,
} from '@hostpilot/shared';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { Textarea } from '@/components/ui/textarea';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import type { StatusTone } from '@/lib/status';
import { useCan } from '../api/use-permissions';
import { useAdminTicket, useTicketAction, useTicketAssignees } from '../api/use-operations';
import { statusLabel } from '../lib/status-label';
import { useAdminFormat } from '../lib/use-admin-format';

export const PRIORITY_TONES: Record<TicketPriority, StatusTone> = {
  urgent: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'info',
};

export const TICKET_STATUS_TONES: Record<TicketStatus, StatusTone> = {
  open: 'warning',
  answered: 'info',
  closed: 'neutral',
};

/** One ticket for staff: the conversation, an answer, and its assignee, priority and status. */
export function AdminTicketPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const ticket = useAdminTicket(id);
  return (
    <>
      <Link
        to="/admin/support"
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('support.back')}
      </Link>
      <QueryView
        query={ticket}
        errorTitle={t('support.loadError')}
        skeleton={
          <div className="grid gap-6 lg:grid-cols-3">
            <Skeleton className="h-96 lg:col-span-2" />
            <Skeleton className="h-72" />
          </div>
        }
      >
        {(data) => <TicketView ticket={data} />}
      </QueryView>
    </>
  );
}

type Outcome = { tone: 'success' | 'error'; text: string } | null;

function TicketView({ ticket }: { ticket: AdminTicketDetail }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const format = useAdminFormat();
  const canWrite = useCan('tickets.write');
  const action = useTicketAction(ticket.id);
  const assignees = useTicketAssignees(canWrite);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | undefined>();
  const [assigneeId, setAssigneeId] = useState(ticket.assignee?.id ?? '');
  const [priority, setPriority] = useState<TicketPriority>(ticket.priority);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const closed = ticket.status === 'closed';

  const failed = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    const first = Object.values(fields)[0];
    setOutcome({
      tone: 'error',
      text: `${t('support.failed')} ${first ? tc(first.code) : tc(accountErrorKey(error))}`,
    });
  };

  const send = () => {
    const trimmed = message.trim();
    if (trimmed.length < TICKET_MESSAGE_MIN) return setMessageError(tc('validation.messageMin'));
    if (trimmed.length > TICKET_MESSAGE_MAX) return setMessageError(tc('validation.messageMax'));
    setMessageError(undefined);
    action.mutate(
      { kind: 'reply', message: trimmed },
      {
        onSuccess: () => {
          setMessage('');
          setOutcome({ tone: 'success', text: t('support.sent') });
        },
        onError: (error) => {
          const field = fieldErrorsOf(error).message;
          if (field) setMessageError(tc(field.code));
          else failed(error);
        },
      },
    );
  };

  const save = () =>
    action.mutate(
      { kind: 'update', body: { assigneeId: assigneeId || null, priority } },
      { onSuccess: () => setOutcome({ tone: 'success', text: t('support.saved') }), onError: failed },
    );

  const toggle = () =>
    action.mutate(
      { kind: 'update', body: { status: closed ? 'open' : 'closed' } },
      {
        onSuccess: () => setOutcome({ tone: 'success', text: t(closed ? 'support.reopened' : 'support.closed') }),
        onError: failed,
      },
    );

  const customer = ticket.customer;
  return (
    <>
      <PageHeader
        title={`${ticket.number}: ${ticket.subject}`}
        actions={<StatusBadge tone={TICKET_STATUS_TONES[ticket.status]} label={statusLabel(t, ticket.status)} />}
      />
      {outcome && (
        <Alert tone={outcome.tone} className="mb-4">
          {outcome.text}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="conversation" className="min-w-0 lg:col-span-2">
          <Card>
            <h2 id="conversation" className="text-lg font-semibold text-slate-900">
              {t('support.conversation')}
            </h2>
            <ol className="mt-4 space-y-4">
              {ticket.messages.map((m) => (
                <li
                  key={m.id}
                  className={
                    m.authorKind === 'staff'
                      ? 'rounded-xl border border-brand-200 bg-brand-50 p-4'
                      : 'rounded-xl border border-slate-200 bg-white p-4'
                  }
                >
                  <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-semibold text-slate-900">{m.authorFullName || m.authorName}</span>
                    <span className="text-slate-600">
                      {m.authorKind === 'staff' ? t('support.staff') : t('support.customerKind')}
                    </span>
                    <time dateTime={m.createdAt} className="text-slate-600">
                      {format.dateTime(m.createdAt)}
                    </time>
                  </p>
                  <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{m.body}</p>
                </li>
              ))}
            </ol>
            {!canWrite ? (
              <p className="mt-6 text-sm text-slate-600">{t('support.readOnly')}</p>
            ) : closed ? (
              <p className="mt-6 text-sm text-slate-600">{t('support.closedNoReply')}</p>
            ) : (
              <form
                noValidate
                className="mt-6 grid gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  send();
                }}
              >
                <Field
                  label={t('support.reply')}
                  hint={t(ticket.guest ? 'support.replyHintGuest' : 'support.replyHint')}
                  error={messageError}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      value={message}
                      maxLength={TICKET_MESSAGE_MAX}
                      onChange={(event) => setMessage(event.target.value)}
                    />
                  )}
                </Field>
                <div>
                  <Button type="submit" disabled={action.isPending} aria-busy={action.isPending}>
                    {t('support.send')}
                  </Button>
                </div>
              </form>
            )}
          </Card>
        </section>
        <section aria-labelledby="ticket-details" className="min-w-0">
          <Card>
            <h2 id="ticket-details" className="text-lg font-semibold text-slate-900">
              {t('support.details')}
            </h2>
            <dl className="mt-4 grid gap-3 text-sm">
              <div>
                <dt className="text-slate-600">{t('support.columns.customer')}</dt>
                <dd className="break-words text-slate-900">
                  {customer
                    ? `${customer.name} (${customer.email})`
                    : ticket.guest
                      ? `${ticket.guest.name} (${ticket.guest.email})`
                      : t('support.deletedCustomer')}
                </dd>
                {ticket.guest && <dd className="mt-1 text-slate-600">{t('support.guestHint')}</dd>}
              </div>
              <div>
                <dt className="text-slate-600">{t('support.department')}</dt>
                <dd className="text-slate-900">{t(`support.departments.${ticket.department}`)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('support.opened')}</dt>
                <dd className="text-slate-900">{format.dateTime(ticket.createdAt)}</dd>
              </div>
              {!canWrite && (
                <>
                  <div>
                    <dt className="text-slate-600">{t('support.columns.priority')}</dt>
                    <dd className="text-slate-900">{t(`support.priorities.${ticket.priority}`)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{t('support.columns.assignee')}</dt>
                    <dd className="text-slate-900">{ticket.assignee?.name ?? t('support.nobody')}</dd>
                  </div>
                </>
              )}
            </dl>
            {canWrite && (
              <form
                noValidate
                className="mt-6 grid gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  save();
                }}
              >
                <Field label={t('support.columns.assignee')}>
                  {(control) => (
                    <select
                      {...control}
                      className={inputClasses()}
                      value={assigneeId}
                      onChange={(event) => setAssigneeId(event.target.value)}
                    >
                      <option value="">{t('support.nobody')}</option>
                      {ticket.assignee &&
                        !assignees.data?.items.some((person) => person.id === ticket.assignee!.id) && (
                          <option value={ticket.assignee.id}>{ticket.assignee.name}</option>
                        )}
                      {assignees.data?.items.map((person) => (
                        <option key={person.id} value={person.id}>
                          {person.name} ({person.email})
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label={t('support.columns.priority')}>
                  {(control) => (
                    <select
                      {...control}
                      className={inputClasses()}
                      value={priority}
                      onChange={(event) => setPriority(event.target.value as TicketPriority)}
                    >
                      {TICKET_PRIORITIES.map((value) => (
                        <option key={value} value={value}>
                          {t(`support.priorities.${value}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" disabled={action.isPending}>
                    {t('support.save')}
                  </Button>
                  <Button type="button" variant="secondary" disabled={action.isPending} onClick={toggle}>
                    {closed ? t('support.reopen') : t('support.close')}
                  </Button>
                </div>
              </form>
            )}
          </Card>
        </section>
      </div>
    </>
  );
}
