import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ButtonVariant } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/dialog';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  submitVariant?: ButtonVariant;
  pending: boolean;
  /** The translated refusal of the server that no field explains, shown (and announced) above the fields. */
  error?: string;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A back-office action's dialog: its fields in a form, Cancel and the action's button. Focus stays inside and
 * returns to the opener (Dialog); the server's refusal is announced, and nothing typed is lost on it.
 */
export function FormDialog({
  open,
  onClose,
  title,
  submitLabel,
  submitVariant = 'primary',
  pending,
  error,
  onSubmit,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  const formId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      closeLabel={t('actions.close')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} disabled={pending} aria-busy={pending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}
