import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Dialog } from '@/components/ui/dialog';

/** What the person asked for, in words: the dialog's title and what would happen. */
export interface UnavailableAction {
  title: string;
  body: string;
}

export interface UnavailableDialogProps {
  action: UnavailableAction | null;
  onClose: () => void;
  /**
   * Where to get it done today: the support page, or (on the support page itself) the public contact page.
   */
  contact?: 'support' | 'contactPage';
}

/**
 * The honest answer to a control whose effect the dashboard cannot carry out yet (renew, cancel, add funds ...):
 * what it would do, that it is not available online yet, and where to get it done today.
 */
export function UnavailableDialog({ action, onClose, contact = 'support' }: UnavailableDialogProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      title={action?.title ?? ''}
      closeLabel={t('common:actions.close')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('unavailable.gotIt')}
          </Button>
          {contact === 'support' ? (
            <ButtonLink to="/dashboard/support">{t('unavailable.contactSupport')}</ButtonLink>
          ) : (
            <ButtonLink to="/contact">{t('unavailable.contactUs')}</ButtonLink>
          )}
        </>
      }
    >
      <p>{action?.body}</p>
      <p className="mt-3 text-sm text-slate-500">
        {t(contact === 'support' ? 'unavailable.notYet' : 'unavailable.notYetContact')}
      </p>
    </Dialog>
  );
}
