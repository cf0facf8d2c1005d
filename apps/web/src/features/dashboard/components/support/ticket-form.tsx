import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateTicketRequest,
  createTicketRequestSchema,
  TICKET_DEPARTMENTS,
  TICKET_MESSAGE_MAX,
  TICKET_PRIORITIES,
  TICKET_SUBJECT_MAX,
  type TicketDetail,
} from '@hostpilot/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyFieldErrors } from '@/lib/account-errors';
import { useOpenTicket } from '../../api/use-ticket-actions';
import { LimitedText } from './limited-text';

const FIELDS = ['department', 'priority', 'subject', 'message'] as const;

/** A new ticket: department, priority, subject and first message, with the limits counted as the person types. */
export function TicketForm({
  onCreated,
  onCancel,
}: {
  onCreated: (ticket: TicketDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const openTicket = useOpenTicket();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateTicketRequest>({
    resolver: zodResolver(createTicketRequestSchema),
    defaultValues: { department: 'technical', priority: 'medium', subject: '', message: '' },
  });
  const subject = useWatch({ control, name: 'subject' });
  const message = useWatch({ control, name: 'message' });
  const errorOf = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message ? tc(message) : undefined;
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(async (input) => {
        setFailure(null);
        try {
          onCreated(await openTicket.mutateAsync(input));
        } catch (error) {
          setFailure(applyFieldErrors(error, FIELDS, setError));
        }
      })}
    >
      {failure && (
        <Alert tone="error" title={t('support.form.failed')}>
          {tc(failure)}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('support.form.department')} error={errorOf('department')}>
          {(control) => (
            <select {...control} className={inputClasses(Boolean(errors.department))} {...register('department')}>
              {TICKET_DEPARTMENTS.map((value) => (
                <option key={value} value={value}>
                  {t(`support.department.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('support.form.priority')} error={errorOf('priority')}>
          {(control) => (
            <select {...control} className={inputClasses(Boolean(errors.priority))} {...register('priority')}>
              {TICKET_PRIORITIES.map((value) => (
                <option key={value} value={value}>
                  {t(`support.priority.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <LimitedText
        label={t('support.form.subject')}
        length={subject.length}
        max={TICKET_SUBJECT_MAX}
        error={errorOf('subject')}
      >
        {(control) => <Input {...control} autoComplete="off" {...register('subject')} />}
      </LimitedText>
      <LimitedText
        label={t('support.form.message')}
        length={message.length}
        max={TICKET_MESSAGE_MAX}
        error={errorOf('message')}
      >
        {(control) => <Textarea {...control} rows={6} {...register('message')} />}
      </LimitedText>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('support.form.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? t('support.form.sending') : t('support.form.submit')}
        </Button>
      </div>
    </form>
  );
}
