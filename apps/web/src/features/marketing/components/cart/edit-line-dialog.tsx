import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { type CartLine, cartStore, type NewCartLine } from '@/lib/cart-store';
import { CartLineFields, domainProblem, normalisedLine } from './cart-line-fields';
import { lineName } from './cart-line-text';

export interface EditLineDialogProps {
  line: CartLine | null;
  onClose: () => void;
}

/** Change a cart line's choices in place (the cart page's Change button). */
export function EditLineDialog({ line, onClose }: EditLineDialogProps) {
  const { t } = useTranslation('marketing');
  return (
    <Dialog
      open={line !== null}
      onClose={onClose}
      title={line ? t('cart.editTitle', { name: lineName(line) }) : ''}
      closeLabel={t('common:actions.close')}
    >
      {line && <EditLineForm key={line.id} line={line} onClose={onClose} />}
    </Dialog>
  );
}

function EditLineForm({ line, onClose }: { line: CartLine; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const { id, ...initial } = line;
  const [draft, setDraft] = useState<NewCartLine>(initial as NewCartLine);
  const [showErrors, setShowErrors] = useState(false);
  const problem = domainProblem(draft);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) {
          setShowErrors(true);
          return;
        }
        cartStore.update(id, normalisedLine(draft));
        onClose();
      }}
    >
      <CartLineFields line={draft} onChange={setDraft} domainError={showErrors && problem ? t(problem) : undefined} />
      <DialogFormActions cancelLabel={t('common:actions.cancel')} onCancel={onClose} submitLabel={t('cart.save')} />
    </form>
  );
}
