import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  type ContactData,
  type ContactInput,
  contactSchema,
  type ContactResponse,
  supportRoutes,
} from '@hostpilot/shared';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyFieldErrors } from '@/lib/account-errors';
import { isLanguage } from '@/lib/languages';
import { useHydrated } from '@/lib/use-hydrated';
import { sendContactMessage } from '../api/contact';
import { formActionOf } from '@/lib/http';

export interface ContactFormProps {
  /** What the visitor came about (a plan, a domain, a service): the message starts with it. */
  topic?: string;
}

type FormValues = ContactInput & { [CONTACT_HONEYPOT_FIELD]?: string };
const FIELDS = ['name', 'email', 'message'] as const;

/**
 * docs/product/screens.md: name, e-mail and message, validated with the shared schema; sending opens a guest
 * support ticket, answered by mail (decision 053). Before the page's scripts run the form is a plain form post to
 * the API, checked by the browser and then by the server, which answers with the sent page or the form again;
 * once hydrated it sends in place, shows errors for touched fields, focuses the first on submit, and keeps what
 * was typed whatever the answer. A field no person sees (the honeypot) stays empty.
 */
export function ContactForm({ topic }: ContactFormProps) {
  const { t, i18n } = useTranslation('marketing');
  const { t: tc } = useTranslation('common');
  const hydrated = useHydrated();
  const [sent, setSent] = useState<(ContactResponse & ContactData) | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<FormValues, unknown, ContactData>({
    resolver: zodResolver(contactSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      email: '',
      message: topic ? t('contact.form.topicMessage', { topic }) : '',
      [CONTACT_HONEYPOT_FIELD]: '',
    },
  });

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const errorFor = (name: keyof ContactInput, error: FieldError | undefined) =>
    error?.message && (touchedFields[name] || isSubmitted) ? tc(error.message) : undefined;

  const submit = async (data: ContactData) => {
    setFailure(null);
    try {
      const answer = await sendContactMessage({
        ...data,
        [CONTACT_HONEYPOT_FIELD]: getValues(CONTACT_HONEYPOT_FIELD) ?? '',
        lng: language,
      });
      setSent({ ...data, ...answer });
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  };

  if (sent) {
    return (
      <div>
        <div className="flex items-start gap-4">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-success-50">
            <CircleCheck aria-hidden="true" className="size-7 text-success-700" />
          </span>
          <h2 ref={doneRef} tabIndex={-1} className="min-w-0 pt-1.5 text-2xl font-bold text-slate-900 outline-none">
            {t('contact.sent.title', { name: sent.name })}
          </h2>
        </div>
        <p className="mt-3 leading-7 break-words text-slate-700">
          {t('contact.sent.body', { number: sent.number, email: sent.email })}
        </p>
        <Button
          variant="secondary"
          size="lg"
          className="mt-6 w-full sm:w-auto"
          onClick={() => {
            reset({ name: sent.name, email: sent.email, message: '', [CONTACT_HONEYPOT_FIELD]: '' });
            setSent(null);
          }}
        >
          {t('contact.sent.another')}
        </Button>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={formActionOf(supportRoutes.postContact)}
      // Until hydrated the browser checks the fields itself (the attributes below); then the shared schema does.
      noValidate={hydrated}
      onSubmit={handleSubmit(submit)}
      aria-labelledby="contact-form-title"
      className="relative space-y-6"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
        {t('contact.form.title')}
      </h2>
      {failure && (
        <Alert ref={failureRef} tone="error">
          {tc(failure)}
        </Alert>
      )}
      <input type="hidden" name="lng" value={language} />
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t('contact.form.name')} error={errorFor('name', errors.name)}>
          {(control) => <Input {...control} required autoComplete="name" {...register('name')} />}
        </Field>
        <Field label={t('contact.form.email')} error={errorFor('email', errors.email)}>
          {(control) => <Input {...control} type="email" required autoComplete="email" {...register('email')} />}
        </Field>
      </div>
      <Field
        label={t('contact.form.message')}
        hint={t('contact.form.messageHint')}
        error={errorFor('message', errors.message)}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            required
            minLength={CONTACT_MESSAGE_MIN_LENGTH}
            maxLength={CONTACT_MESSAGE_MAX_LENGTH}
            {...register('message')}
          />
        )}
      </Field>
      {/* The honeypot: off screen and out of the tab order and the accessibility tree. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          {t('contact.form.honeypot')}
          <input type="text" tabIndex={-1} autoComplete="off" {...register(CONTACT_HONEYPOT_FIELD)} />
        </label>
      </div>
      <p className="text-sm text-slate-500">{t('contact.form.noScriptHint')}</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? t('contact.form.sending') : t('contact.form.submit')}
      </Button>
    </form>
  );
}
