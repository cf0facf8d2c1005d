import { zodResolver } from '@hookform/resolvers/zod';
import { type StatementPeriod, statementPeriodSchema } from '@hostpilot/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { useDownload } from '@/lib/use-download';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The last 30 days up to today (UTC), the period most statements are asked for. */
function lastMonth(): StatementPeriod {
  const today = new Date();
  return { from: day(new Date(today.getTime() - 29 * 86_400_000)), to: day(today) };
}

/**
 * Download statement: a period of days (both included, at most 366) and a CSV of the ledger for it, in the
 * reader's language (docs/decisions/026-invoice-and-statement-documents.md).
 */
export function StatementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const download = useDownload();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StatementPeriod>({ resolver: zodResolver(statementPeriodSchema), defaultValues: lastMonth() });

  const close = () => {
    download.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('finance.statement.title')}
      closeLabel={tc('actions.close')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {tc('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={download.isPending} aria-busy={download.isPending}>
            {download.isPending ? t('finance.statement.downloading') : t('finance.statement.submit')}
          </Button>
        </>
      }
    >
      <p>{t('finance.statement.intro')}</p>
      {download.isError && Object.keys(fieldErrorsOf(download.error)).length === 0 && (
        <Alert tone="error" title={t('finance.statement.failed')} className="mt-4">
          {tc(accountErrorKey(download.error))}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(async ({ from, to }) => {
          try {
            await download.mutateAsync(`/finance/statement?from=${from}&to=${to}`);
            close();
          } catch (error) {
            for (const [field, detail] of Object.entries(fieldErrorsOf(error))) {
              if (field === 'from' || field === 'to') setError(field, { message: detail.code });
            }
          }
        })}
      >
        <TextField
          type="date"
          label={t('finance.statement.from')}
          error={errors.from?.message ? tc(errors.from.message) : undefined}
          {...register('from')}
        />
        <TextField
          type="date"
          label={t('finance.statement.to')}
          error={errors.to?.message ? tc(errors.to.message) : undefined}
          {...register('to')}
        />
      </form>
    </Dialog>
  );
}
