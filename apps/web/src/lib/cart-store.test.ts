import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, createCartStore, parseCart, useCart } from './cart-store';

const hosting = { kind: 'hosting', planId: 'business', months: 12, dataCenter: 'london', domain: 'shop.dev' } as const;
const domain = { kind: 'domain', name: 'xn--e1afmkfd.com', displayName: 'пример.com', years: 1 } as const;

/** What another tab does: writes the key, then the browser tells this tab with a `storage` event. */
function otherTabWrites(text: string | null) {
  if (text === null) localStorage.removeItem(CART_STORAGE_KEY);
  else localStorage.setItem(CART_STORAGE_KEY, text);
  window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: text }));
}

describe('cart store (docs/decisions/036-cart-in-local-storage.md)', () => {
  afterEach(() => localStorage.clear());

  it('keeps lines in localStorage, so a new page load (a reload, a sign-in) finds them', () => {
    const store = createCartStore();
    const id = store.add(hosting);
    store.add(domain);
    const reloaded = createCartStore();
    expect(reloaded.getSnapshot().lines).toEqual([
      { ...hosting, id },
      expect.objectContaining({ ...domain, id: expect.any(String) }),
    ]);
  });

  it('edits and removes a line by its id, keeping its place', () => {
    const store = createCartStore();
    const first = store.add(hosting);
    store.add(domain);
    store.update(first, { ...hosting, months: 1, dataCenter: 'singapore' });
    expect(store.getSnapshot().lines[0]).toEqual({ ...hosting, months: 1, dataCenter: 'singapore', id: first });
    store.remove(first);
    expect(store.getSnapshot().lines.map((line) => line.kind)).toEqual(['domain']);
    store.clear();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it('holds one line per domain name: adding it again changes its years', () => {
    const store = createCartStore();
    const id = store.add(domain);
    expect(store.add({ ...domain, years: 3 })).toBe(id);
    expect(store.getSnapshot().lines).toEqual([{ ...domain, years: 3, id }]);
  });

  it('follows a change made in another tab through the storage event', () => {
    const store = createCartStore();
    const { result } = renderHook(() => useCart(store));
    expect(result.current.lines).toEqual([]);
    act(() => otherTabWrites(JSON.stringify({ lines: [{ ...hosting, id: 'a' }] })));
    expect(result.current.lines).toEqual([{ ...hosting, id: 'a' }]);
    act(() => otherTabWrites(null));
    expect(result.current.lines).toEqual([]);
  });

  it('re-renders only when the cart changed, not on another key of storage', () => {
    const store = createCartStore();
    store.add(hosting);
    const renders = vi.fn();
    renderHook(() => {
      renders();
      return useCart(store);
    });
    const before = renders.mock.calls.length;
    act(() => {
      localStorage.setItem('i18nextLng', 'ru');
      window.dispatchEvent(new StorageEvent('storage', { key: 'i18nextLng', newValue: 'ru' }));
    });
    expect(renders.mock.calls.length).toBe(before);
  });

  it('drops what it does not understand instead of trusting it', () => {
    expect(parseCart('not json')).toEqual({ lines: [] });
    expect(parseCart(JSON.stringify({ lines: 'x' }))).toEqual({ lines: [] });
    expect(
      parseCart(
        JSON.stringify({
          lines: [
            { id: 'a', kind: 'hosting', planId: 'starter', months: 1, price: 0 },
            { id: 'b', kind: 'spaceship', planId: 'x', months: 1 },
            { id: 'c', kind: 'domain', name: 'a.com' },
          ],
        }),
      ).lines,
    ).toEqual([{ id: 'a', kind: 'hosting', planId: 'starter', months: 1 }]);
  });
});
