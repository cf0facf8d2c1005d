import { type DomainDetail, NAMESERVERS_MAX, nameserversRequestSchema } from '@hostpilot/shared';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { useSetNameservers, useSetTransferLock } from '../../api/use-domain-settings';
import { Panel } from '../panel';

/** Transfer lock on or off, saved at once; the switch shows the saved state and waits while it saves. */
export function TransferLockPanel({ domain }: { domain: DomainDetail }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const setLock = useSetTransferLock(domain.id);
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const transferring = domain.status === 'transferring';

  const toggle = async (locked: boolean) => {
    setPending(true);
    setFailure(null);
    setStatus('');
    try {
      await setLock.mutateAsync(locked);
      setStatus(locked ? t('domainDetail.lock.locked') : t('domainDetail.lock.unlocked'));
    } catch (error) {
      setFailure(accountErrorKey(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <Panel title={t('domainDetail.lock.title')}>
      <Switch
        checked={domain.transferLock}
        disabled={pending || transferring}
        onChange={(locked) => void toggle(locked)}
        label={t('domainDetail.lock.label')}
        description={transferring ? t('domainDetail.lock.transferring') : t('domainDetail.lock.hint')}
      />
      <p role="status" className="mt-3 text-sm text-success-800 empty:hidden">
        {status}
      </p>
      {failure && (
        <Alert tone="error" title={t('domainDetail.lock.failed')} className="mt-3">
          {tc(failure)}
        </Alert>
      )}
    </Panel>
  );
}

type NameserversForm = { nameservers: string[] };

/** Two to four name servers, one field each; errors land on the field they concern, or under the group. */
export function NameserversPanel({ domain }: { domain: DomainDetail }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const setNameservers = useSetNameservers(domain.id);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<NameserversForm>({
    defaultValues: {
      nameservers: Array.from({ length: NAMESERVERS_MAX }, (_, i) => domain.nameservers[i] ?? ''),
    },
  });
  const groupError = errors.root?.nameservers?.message;
  const id = useId();

  /** Puts an error of the n-th filled name server (the API's `nameservers.n`) on its field. */
  const place = (filled: number[], field: string, code: string, first: boolean) => {
    const match = /^nameservers\.(\d+)$/.exec(field);
    const index = match ? filled[Number(match[1])] : undefined;
    if (index !== undefined) setError(`nameservers.${index}`, { message: code }, { shouldFocus: first });
    else setError('root.nameservers', { message: code });
  };

  const submit = handleSubmit(async (form) => {
    clearErrors();
    setStatus('');
    setFailure(null);
    const filled = form.nameservers.flatMap((value, index) => (value.trim() === '' ? [] : [index]));
    const nameservers = filled.map((index) => form.nameservers[index]!);
    const parsed = nameserversRequestSchema.safeParse({ nameservers });
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, i) => place(filled, issue.path.join('.'), issue.message, i === 0));
      return;
    }
    try {
      await setNameservers.mutateAsync(parsed.data);
      setStatus(t('domainDetail.nameservers.saved'));
    } catch (error) {
      const fields = Object.entries(fieldErrorsOf(error));
      fields.forEach(([field, value], i) => place(filled, field, value.code, i === 0));
      if (fields.length === 0) setFailure(accountErrorKey(error));
    }
  });

  return (
    <Panel title={t('domainDetail.nameservers.title')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset aria-describedby={`${id}-hint ${id}-error`}>
          <legend id={`${id}-hint`} className="mb-3 text-sm text-slate-600">
            {t('domainDetail.nameservers.hint')}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {Array.from({ length: NAMESERVERS_MAX }, (_, index) => {
              const message = errors.nameservers?.[index]?.message;
              return (
                <TextField
                  key={index}
                  label={t('domainDetail.nameservers.label', { number: index + 1 })}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={index < 2 ? `ns${index + 1}.example.com` : undefined}
                  error={message ? tc(message) : undefined}
                  {...register(`nameservers.${index}`)}
                />
              );
            })}
          </div>
          <div aria-live="polite">
            <FieldError id={`${id}-error`} message={groupError ? tc(groupError) : undefined} />
          </div>
        </fieldset>
        {failure && (
          <Alert tone="error" title={t('domainDetail.nameservers.failed')}>
            {tc(failure)}
          </Alert>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            <Save aria-hidden="true" className="size-4" />
            {isSubmitting ? t('domainDetail.saving') : t('domainDetail.nameservers.save')}
          </Button>
          <p role="status" className="text-sm text-success-800 empty:hidden">
            {status}
          </p>
        </div>
      </form>
    </Panel>
  );
}
