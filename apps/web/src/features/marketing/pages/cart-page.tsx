import { CURRENCY } from '@hostpilot/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { Container } from '@/components/ui/container';
import { type CartLine, cartStore } from '@/lib/cart-store';
import { type QuoteState, useQuote } from '../api/use-quote';
import { catalogueCents } from '../components/cart/cart-catalog';
import { CartSummary, EmptyCart } from '../components/cart/cart-summary';
import { EditLineDialog } from '../components/cart/edit-line-dialog';
import { lineName } from '../components/cart/cart-line-text';
import { useCartFromAddress } from '../lib/use-cart-address';

/**
 * The plan an address adds, priced from the catalogue as the Add to cart dialog prices it: what a browser without
 * scripts shows (the server's quote needs them), and what the prerendered page shows until its scripts have run.
 */
function catalogueQuote(line: CartLine): QuoteState {
  const price = { amountMinor: catalogueCents(line) ?? 0, currency: CURRENCY };
  const priced = {
    line,
    price,
    periodPrice: price,
    discount: null,
    freeDomainWith: null,
    unitPrice: null,
    errorKey: null,
  };
  return { status: 'ready', lines: [priced], total: price, valid: true };
}

/**
 * /cart (docs/product/ordering.md): each line with its choices and the server's price for the period, the
 * total, Change and Remove, and on to checkout. The cart itself lives in the browser
 * (docs/decisions/036-cart-in-local-storage.md).
 */
export function CartPage() {
  const { t } = useTranslation('ordering');
  const { lines, fromAddress } = useCartFromAddress();
  const quote = useQuote(fromAddress ? [] : lines);
  const state = fromAddress ? catalogueQuote(fromAddress) : quote.state;
  const retry = quote.retry;
  const location = useLocation();
  const [editing, setEditing] = useState<CartLine | null>(null);
  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('cart.title')}</h1>
      <div className="mt-8">
        {lines.length === 0 ? (
          <EmptyCart />
        ) : (
          <>
            <CartSummary
              lines={lines}
              quote={state}
              onRetry={retry}
              lineActions={(line) =>
                line === fromAddress ? null : (
                  <>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('cart.changeName', { name: lineName(line) })}
                      onClick={() => setEditing(line)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      {t('cart.change')}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('cart.removeName', { name: lineName(line) })}
                      onClick={() => cartStore.remove(line.id)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('cart.remove')}
                    </Button>
                  </>
                )
              }
            />
            {fromAddress && (
              <>
                <p className="mt-3 text-sm text-slate-500">{t('cart.catalogueNote')}</p>
                <noscript>
                  <p className="mt-3 text-sm font-medium text-slate-700">{t('cart.scriptsNeeded')}</p>
                </noscript>
              </>
            )}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <ButtonLink to="/hosting" variant="secondary">
                {t('cart.keepShopping')}
              </ButtonLink>
              {/* Without scripts the plan is only in the address: checkout gets it the same way. */}
              <ButtonLink to={fromAddress ? `/checkout${location.search}` : '/checkout'}>
                {t('cart.checkout')}
              </ButtonLink>
            </div>
          </>
        )}
      </div>
      <EditLineDialog line={editing} onClose={() => setEditing(null)} />
    </Container>
  );
}
