import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cartStore } from '@/lib/cart-store';
import { renderWithRouter } from '@/test/render';
import { HeaderCart } from './header-cart';

describe('the header’s cart link (docs/decisions/036-cart-in-local-storage.md)', () => {
  afterEach(() => localStorage.clear());

  it('says how many lines the cart has, and follows it', async () => {
    await renderWithRouter(<HeaderCart />);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    act(() => void cartStore.add({ kind: 'vds', planId: 'vds-pro', months: 1, dataCenter: 'london' }));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    act(() => void cartStore.add({ kind: 'domain', name: 'a.com', displayName: 'a.com', years: 1 }));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toHaveTextContent('2');
  });

  it.each([
    [1, 'Корзина, 1 позиция'],
    [3, 'Корзина, 3 позиции'],
    [5, 'Корзина, 5 позиций'],
  ])('in Russian, %i lines read “%s”', async (count, name) => {
    for (let i = 0; i < count; i += 1) cartStore.add({ kind: 'hosting', planId: 'starter', months: 1 });
    await renderWithRouter(<HeaderCart />, { language: 'ru' });
    expect(screen.getByRole('link', { name })).toBeVisible();
  });
});
