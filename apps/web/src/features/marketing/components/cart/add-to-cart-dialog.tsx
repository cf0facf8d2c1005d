import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Dialog, DialogActions, DialogFormActions } from '@/components/ui/dialog';
import { cartStore, type NewCartLine } from '@/lib/cart-store';
import { CartLineFields, domainProblem, normalisedLine } from './cart-line-fields';
import type { CartTarget } from '../../lib/use-add-to-cart';
import { planLine } from './cart-catalog';
import { lineName } from './cart-line-text';

export interface AddToCartDialogProps {
  /** What a button asked to add, or null when the dialog is closed. */
  target: CartTarget | null;
  onClose: () => void;
}

/** The line a dialog starts with: a plan with its shortest period and the first city; a domain for a year. */
export function initialLine(target: CartTarget): NewCartLine {
  if (target.kind === 'domain') return { ...target, years: 1 };
  return planLine(target.kind, target.planId);
}

/**
 * "Add to cart" from a plan button or a domain search result (docs/product/ordering.md): the plan's choices, its
 * catalogue price for the period, then a way on to the cart. Loaded only when a visitor first opens it.
 */
export function AddToCartDialog({ target, onClose }: AddToCartDialogProps) {
  const { t } = useTranslation('marketing');
  return (
    <Dialog open={target !== null} onClose={onClose} title={t('cart.addTitle')} closeLabel={t('common:actions.close')}>
      {target && <AddToCartForm key={JSON.stringify(target)} initial={initialLine(target)} onClose={onClose} />}
    </Dialog>
  );
}

function AddToCartForm({ initial, onClose }: { initial: NewCartLine; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const [line, setLine] = useState<NewCartLine>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [added, setAdded] = useState(false);
  const problem = domainProblem(line);

  if (added) {
    return (
      <>
        <Alert tone="success">{t('cart.added', { name: lineName(line) })}</Alert>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('cart.keepBrowsing')}
          </Button>
          <ButtonLink to="/cart" onClick={onClose}>
            {t('cart.viewCart')}
          </ButtonLink>
        </DialogActions>
      </>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (problem) {
          setShowErrors(true);
          return;
        }
        cartStore.add(normalisedLine(line));
        setAdded(true);
      }}
    >
      {line.kind !== 'domain' && <p className="mb-4 font-semibold text-slate-900">{lineName(line)}</p>}
      <CartLineFields line={line} onChange={setLine} domainError={showErrors && problem ? t(problem) : undefined} />
      <p className="mt-3 text-sm text-slate-500">{t('cart.priceNote')}</p>
      <DialogFormActions cancelLabel={t('common:actions.cancel')} onCancel={onClose} submitLabel={t('cart.add')} />
    </form>
  );
}
