import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_MESSAGE_MAX_LENGTH, type ContactData, type ContactInput, contactSchema } from '@hostpilot/shared';
import { CircleCheck, Mail } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

export interface ContactFormProps {
  /** The e-mail address a ready message can be sent to from the visitor's own mail app. */
  email: string;
  /** What the visitor came about (a plan, a domain, a service): the message starts with it. */
  topic?: string;
}

/**
 * docs/product/screens.md: name, e-mail and message, validated with the shared schema. Errors show for touched
 * fields; a submit with errors focuses the first. The form makes no call: on success it says so plainly and
 * offers the message ready to send by e-mail, so nothing typed is lost.
 */
export function ContactForm({ email, topic }: ContactFormProps) {
  const { t } = useTranslation('marketing');
  const { t: tc } = useTranslation('common');
  const [sent, setSent] = useState<ContactData | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<ContactInput, unknown, ContactData>({
    resolver: zodResolver(contactSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', message: topic ? t('contact.form.topicMessage', { topic }) : '' },
  });

  useEffect(() => {
    if (sent) doneRef.current?.focus();
  }, [sent]);

  const errorFor = (name: keyof ContactInput, error: FieldError | undefined) =>
    error?.message && (touchedFields[name] || isSubmitted) ? tc(error.message) : undefined;

  if (sent) {
    const mailto = `mailto:${email}?${new URLSearchParams({
      subject: t('contact.sent.mailSubject', { name: sent.name }),
      body: `${sent.message}\n\n${sent.name} <${sent.email}>`,
    })
      .toString()
      .replace(/\+/g, '%20')}`;
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
        <p className="mt-3 leading-7 text-slate-700">{t('contact.sent.body')}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <a href={mailto} className={buttonClasses('primary', 'lg')}>
            <Mail aria-hidden="true" className="size-5" />
            {t('contact.sent.sendByEmail')}
          </a>
          <Button
            variant="secondary"
            size="lg"
            onClick={() => {
              reset({ name: sent.name, email: sent.email, message: '' });
              setSent(null);
            }}
          >
            {t('contact.sent.another')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(setSent)} aria-labelledby="contact-form-title" className="space-y-6">
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
        {t('contact.form.title')}
      </h2>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label={t('contact.form.name')} error={errorFor('name', errors.name)}>
          {(control) => <Input {...control} autoComplete="name" {...register('name')} />}
        </Field>
        <Field label={t('contact.form.email')} error={errorFor('email', errors.email)}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
        </Field>
      </div>
      <Field
        label={t('contact.form.message')}
        hint={t('contact.form.messageHint')}
        error={errorFor('message', errors.message)}
      >
        {(control) => (
          <Textarea {...control} rows={6} maxLength={CONTACT_MESSAGE_MAX_LENGTH} {...register('message')} />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto">
        {t('contact.form.submit')}
      </Button>
    </form>
  );
}
