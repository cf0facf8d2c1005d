import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Notice } from '../lib/use-notice';

/** The honest answer of a control whose effect is not available yet: it says what would happen and that nothing did. */
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
