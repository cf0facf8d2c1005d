import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Notice } from '../lib/use-notice';

/** A page's notice in a dialog: what an action that could not finish (an export, a provisioning action) ran into. */
export function NoticeDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={notice !== null}
      onClose={onClose}
      title={notice?.title ?? ''}
      closeLabel={t('actions.close')}
      actions={<Button onClick={onClose}>{t('actions.ok')}</Button>}
    >
      <p>{notice?.body}</p>
    </Dialog>
  );
}
