import { zodResolver } from '@hookform/resolvers/zod';
import {
  DNS_RECORD_TYPES,
  DNS_TTL_DEFAULT,
  type DnsRecord,
  dnsRecordInputSchema,
  type DnsRecordType,
} from '@hostpilot/shared';
import { z } from '@hostpilot/shared/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { TextField } from '@/components/ui/text-field';
import { applyFieldErrors } from '@/lib/account-errors';

/** MX and SRV records carry a priority; no other type does (packages/shared, dnsRecordInputSchema). */
export const hasPriority = (type: DnsRecordType) => type === 'MX' || type === 'SRV';

/** What the form holds: text, as typed, so that nothing the user wrote is lost to a conversion. */
const formSchema = z
  .object({
    type: z.enum(DNS_RECORD_TYPES),
    name: z.string(),
    value: z.string(),
    ttl: z.string(),
    priority: z.string(),
  })
  .transform((form, ctx) => {
    const checked = dnsRecordInputSchema.safeParse({
      type: form.type,
      name: form.name,
      value: form.value,
      ttl: form.ttl.trim() === '' ? DNS_TTL_DEFAULT : Number(form.ttl),
      priority: hasPriority(form.type) ? (form.priority.trim() === '' ? null : Number(form.priority)) : null,
    });
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

type RecordForm = z.input<typeof formSchema>;
export type RecordInput = z.output<typeof dnsRecordInputSchema>;
const FIELDS = ['type', 'name', 'value', 'ttl', 'priority'] as const;

export interface DnsRecordFormProps {
  /** The record being edited; a new record when absent. */
  record?: DnsRecord;
  /** Sends the record; a rejection with the API's field errors shows them by field. */
  onSubmit: (input: RecordInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * One DNS record: its type decides the value's hint and whether it has a priority. The shared schema checks it
 * here and again on the server, whose answers (a CNAME beside other records, say) land on their fields.
 */
export function DnsRecordForm({ record, onSubmit, onCancel }: DnsRecordFormProps) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RecordForm, unknown, RecordInput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      type: record?.type ?? 'A',
      name: record?.name ?? '@',
      value: record?.value ?? '',
      ttl: String(record?.ttl ?? DNS_TTL_DEFAULT),
      priority: record?.priority === null || record?.priority === undefined ? '' : String(record.priority),
    },
  });
  const type = useWatch({ control, name: 'type' });
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
          await onSubmit(input);
        } catch (error) {
          setFailure(applyFieldErrors(error, FIELDS, setError));
        }
      })}
    >
      {failure && (
        <Alert tone="error" title={t('domainDetail.dns.saveFailed')}>
          {tc(failure)}
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('domainDetail.dns.type')} error={errorOf('type')}>
          {(control) => (
            <select {...control} className={inputClasses(Boolean(errors.type))} {...register('type')}>
              {DNS_RECORD_TYPES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t('domainDetail.dns.name')}
          hint={t('domainDetail.dns.nameHint')}
          autoComplete="off"
          spellCheck={false}
          error={errorOf('name')}
          {...register('name')}
        />
      </div>
      <TextField
        label={t('domainDetail.dns.value')}
        hint={t(`domainDetail.dns.valueHint.${type}`)}
        autoComplete="off"
        spellCheck={false}
        error={errorOf('value')}
        {...register('value')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('domainDetail.dns.ttl')}
          hint={t('domainDetail.dns.ttlHint')}
          inputMode="numeric"
          autoComplete="off"
          error={errorOf('ttl')}
          {...register('ttl')}
        />
        {hasPriority(type) && (
          <TextField
            label={t('domainDetail.dns.priority')}
            hint={t('domainDetail.dns.priorityHint')}
            inputMode="numeric"
            autoComplete="off"
            error={errorOf('priority')}
            {...register('priority')}
          />
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('domainDetail.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting
            ? t('domainDetail.saving')
            : record
              ? t('domainDetail.dns.saveRecord')
              : t('domainDetail.dns.addRecord')}
        </Button>
      </div>
    </form>
  );
}
