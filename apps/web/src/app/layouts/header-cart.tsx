import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCart } from '@/lib/cart-store';
import { cn } from '@/lib/cn';

/**
 * The header's cart link with its count (docs/decisions/036-cart-in-local-storage.md). The count is read after
 * hydration (the prerendered page says "Cart"), and sits over the icon, so its arrival moves nothing.
 */
export function HeaderCart() {
  const { t } = useTranslation();
  const count = useCart().lines.length;
  return (
    <NavLink
      to="/cart"
      aria-label={count > 0 ? t('nav.cartCount', { count }) : t('nav.cart')}
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100',
          isActive ? 'text-brand-700' : 'text-slate-700',
        )
      }
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-semibold text-white tabular-nums"
        >
          {count}
        </span>
      )}
    </NavLink>
  );
}
