import { zodResolver } from '@hookform/resolvers/zod';
import { TICKET_MESSAGE_MAX, type TicketReplyRequest, ticketReplyRequestSchema } from '@hostpilot/shared';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { applyFieldErrors } from '@/lib/account-errors';
import { LimitedText } from './limited-text';

/** A reply in a ticket; the text stays in the box until the API has it. */
export function ReplyForm({ onSend }: { onSend: (input: TicketReplyRequest) => Promise<unknown> }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TicketReplyRequest>({ resolver: zodResolver(ticketReplyRequestSchema), defaultValues: { message: '' } });
  const message = errors.message?.message;
  const typed = useWatch({ control, name: 'message' });

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={handleSubmit(async (input) => {
        setFailure(null);
        try {
          await onSend(input);
          reset({ message: '' });
        } catch (error) {
          setFailure(applyFieldErrors(error, ['message'] as const, setError));
        }
      })}
    >
      {failure && (
        <Alert tone="error" title={t('ticket.replyFailed')}>
          {tc(failure)}
        </Alert>
      )}
      <LimitedText
        label={t('ticket.reply')}
        length={typed.length}
        max={TICKET_MESSAGE_MAX}
        error={message ? tc(message) : undefined}
      >
        {(control) => <Textarea {...control} rows={5} {...register('message')} />}
      </LimitedText>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
        <Send aria-hidden="true" className="size-4" />
        {isSubmitting ? t('support.form.sending') : t('ticket.send')}
      </Button>
    </form>
  );
}
