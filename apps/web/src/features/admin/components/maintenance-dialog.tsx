import { MAINTENANCE_MESSAGE_MAX } from '@hostpilot/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { useAdminMaintenance, useSetMaintenance } from '../api/use-operations';
import { FormDialog } from './form-dialog';

/**
 * The overview's System Maintenance switch (docs/decisions/035-support-queue-and-operations.md): on or off, with
 * an optional message for the banner, confirmed with Save. A refusal keeps what was typed.
 */
export function MaintenanceDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('admin');
  const current = useAdminMaintenance();
  if (!open || !current.data) return null;
  return (
    <MaintenanceForm
      initial={{ enabled: current.data.enabled, message: current.data.message ?? '' }}
      onClose={onClose}
      onDone={(enabled) => onDone(t(enabled ? 'overview.maintenanceTurnedOn' : 'overview.maintenanceTurnedOff'))}
    />
  );
}

function MaintenanceForm({
  initial,
  onClose,
  onDone,
}: {
  initial: { enabled: boolean; message: string };
  onClose: () => void;
  onDone: (enabled: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const save = useSetMaintenance();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [message, setMessage] = useState(initial.message);
  const [messageError, setMessageError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    if (message.trim().length > MAINTENANCE_MESSAGE_MAX) return setMessageError(tc('validation.tooLong'));
    setMessageError(undefined);
    setError(undefined);
    save.mutate(
      { enabled, message: enabled ? message.trim() : undefined },
      {
        onSuccess: () => {
          onClose();
          onDone(enabled);
        },
        onError: (failure) => {
          const field = fieldErrorsOf(failure).message;
          if (field) setMessageError(tc(field.code));
          else setError(`${t('overview.maintenanceFailed')} ${tc(accountErrorKey(failure))}`);
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('overview.maintenanceTitle')}
      submitLabel={t('overview.maintenanceSave')}
      submitVariant={enabled && !initial.enabled ? 'danger' : 'primary'}
      pending={save.isPending}
      error={error}
      onSubmit={submit}
    >
      <p className="text-sm text-slate-700">{t('overview.maintenanceIntro')}</p>
      <Switch checked={enabled} onChange={setEnabled} label={t('overview.maintenanceSwitch')} />
      {enabled && (
        <Field
          label={t('overview.maintenanceMessage')}
          hint={t('overview.maintenanceMessageHint')}
          error={messageError}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              value={message}
              maxLength={MAINTENANCE_MESSAGE_MAX}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </Field>
      )}
    </FormDialog>
  );
}
