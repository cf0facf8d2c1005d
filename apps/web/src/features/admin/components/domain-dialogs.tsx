import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminDomainCreateInput, adminDomainCreateSchema, DOMAIN_RENEWAL_YEARS } from '@hostpilot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DnsRecordsEditor } from '@/components/dns/dns-records-editor';
import { DsRecords } from '@/components/dns/ds-records';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/field-styles';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import type { AdminDomain } from '../api/types';
import {
  domainRecordsKey,
  domainRecordsPath,
  useAddDomain,
  useDeleteDomain,
  useDomainRecords,
  useRefreshDomains,
  useTransferDomain,
} from '../api/use-domain-actions';
import { FormDialog } from './form-dialog';
import { TypeToConfirmDialog } from './type-to-confirm-dialog';
import { applyFieldErrors } from './user-dialogs';

interface DoneProps {
  onClose: () => void;
  /** Called with the translated success message once the server has made the change. */
  onDone: (message: string) => void;
}

interface DomainDialogProps extends DoneProps {
  domain: AdminDomain;
}

/** Add New Domain: an active customer's e-mail, the name and the years; checked with the API's schema first. */
export function AddDomainDialog({ onClose, onDone }: DoneProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const add = useAddDomain();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminDomainCreateInput>({
    resolver: zodResolver(adminDomainCreateSchema),
    defaultValues: { ownerEmail: '', name: '', years: 1 },
  });
  const message = (error?: { message?: string }) => (error?.message ? tc(error.message) : undefined);
  const submit = handleSubmit(async (input) => {
    setFailure(undefined);
    try {
      const domain = await add.mutateAsync(input);
      onDone(t('domains.done.add', { domain: domain.name, email: domain.owner.email }));
    } catch (error) {
      if (!applyFieldErrors(error, ['ownerEmail', 'name', 'years'], setError)) setFailure(tc(accountErrorKey(error)));
    }
  });
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('domains.addDialog.title')}
      submitLabel={t('domains.addDialog.submit')}
      pending={add.isPending}
      error={failure}
      onSubmit={() => void submit()}
    >
      <p>{t('domains.addDialog.body')}</p>
      <TextField
        type="email"
        label={t('domains.addDialog.owner')}
        hint={t('domains.addDialog.ownerHint')}
        autoComplete="off"
        error={message(errors.ownerEmail)}
        {...register('ownerEmail')}
      />
      <TextField
        label={t('domains.addDialog.name')}
        hint={t('domains.addDialog.nameHint')}
        autoComplete="off"
        spellCheck={false}
        error={message(errors.name)}
        {...register('name')}
      />
      <Field label={t('domains.addDialog.years')} error={message(errors.years)}>
        {(control) => (
          <select {...control} className={inputClasses()} {...register('years', { valueAsNumber: true })}>
            {DOMAIN_RENEWAL_YEARS.map((years) => (
              <option key={years} value={years}>
                {t('domains.addDialog.yearsOption', { count: years })}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormDialog>
  );
}

/** Edit DNS: the customer's own DNS editor, on this domain through the back office's endpoints. */
export function EditDnsDialog({ domain, onClose }: { domain: AdminDomain; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const records = useDomainRecords(domain.id);
  const dnssecId = useId();
  const client = useQueryClient();
  const refreshList = useRefreshDomains();
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={t('domains.dns.title', { domain: domain.name })}
      closeLabel={tc('actions.close')}
    >
      {records.isPending && <Spinner label={t('domains.dns.loading')} />}
      {records.isError && (
        <Alert tone="error" title={t('domains.dns.loadFailed')}>
          {tc(accountErrorKey(records.error))}
        </Alert>
      )}
      {records.isSuccess && (
        <DnsRecordsEditor
          domainName={domain.name}
          records={records.data.items}
          recordsPath={domainRecordsPath(domain.id)}
          onChanged={() =>
            Promise.all([client.invalidateQueries({ queryKey: domainRecordsKey(domain.id) }), refreshList()])
          }
          frame={({ add, body }) => (
            <div className="mt-4">
              <div className="mb-4 flex justify-end">{add}</div>
              {body}
            </div>
          )}
        />
      )}
      {records.isSuccess && (
        <section aria-labelledby={dnssecId} className="mt-6 border-t border-slate-200 pt-4">
          <h3 id={dnssecId} className="mb-3 text-base font-semibold text-slate-900">
            {t('domains.dns.dnssec')}
          </h3>
          <DsRecords domainName={domain.name} records={records.data.dsRecords} />
        </section>
      )}
    </Dialog>
  );
}

/** Transfer out: after a confirmation, the authorisation code is shown this once, with a copy button. */
export function TransferDomainDialog({ domain, onClose, onDone }: DomainDialogProps) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const transfer = useTransferDomain();
  const [failure, setFailure] = useState<string>();
  const [code, setCode] = useState<string>();
  const [copied, setCopied] = useState('');

  if (code) {
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(code);
        setCopied(t('domains.transfer.copied'));
      } catch {
        setCopied(t('domains.transfer.copyFailed'));
      }
    };
    return (
      <Dialog
        open
        onClose={() => onDone(t('domains.done.transfer', { domain: domain.name }))}
        title={t('domains.transfer.codeTitle', { domain: domain.name })}
        closeLabel={tc('actions.close')}
        actions={
          <Button onClick={() => onDone(t('domains.done.transfer', { domain: domain.name }))}>
            {t('domains.transfer.doneButton')}
          </Button>
        }
      >
        <p>{t('domains.transfer.codeBody')}</p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <code
            aria-label={t('domains.transfer.codeLabel')}
            className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg tracking-wider break-all text-slate-900"
          >
            {code}
          </code>
          <Button variant="secondary" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" className="size-4" />
            {t('domains.transfer.copy')}
          </Button>
        </div>
        <p role="status" className="mt-2 text-sm text-success-800 empty:hidden">
          {copied}
        </p>
        <Alert tone="info" className="mt-4">
          {t('domains.transfer.once')}
        </Alert>
      </Dialog>
    );
  }

  const start = async () => {
    setFailure(undefined);
    try {
      const result = await transfer.mutateAsync(domain.id);
      setCode(result.authCode);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const refused = fields.transferLock ?? fields.status;
      setFailure(refused ? tc(refused.code) : tc(accountErrorKey(error)));
    }
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('domains.transfer.title', { domain: domain.name })}
      submitLabel={t('domains.transfer.submit')}
      submitVariant="danger"
      pending={transfer.isPending}
      error={failure}
      onSubmit={() => void start()}
    >
      <p>{t('domains.transfer.body')}</p>
      {domain.transferLock && <p className="text-sm text-slate-600">{t('domains.transfer.lockedHint')}</p>}
    </FormDialog>
  );
}

/** Delete: the domain's name typed again confirms it; the server checks it too. */
export function DeleteDomainDialog({ domain, onClose, onDone }: DomainDialogProps) {
  const { t } = useTranslation('admin');
  const remove = useDeleteDomain();
  return (
    <TypeToConfirmDialog
      title={t('domains.delete.title', { domain: domain.name })}
      body={t('domains.delete.body')}
      label={t('domains.delete.confirm', { domain: domain.name })}
      submitLabel={t('domains.delete.submit')}
      expected={domain.name}
      mismatch="validation.confirmDomainName"
      field="confirm"
      pending={remove.isPending}
      send={async (confirm) => {
        await remove.mutateAsync({ id: domain.id, confirm });
        return t('domains.done.delete', { domain: domain.name });
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
