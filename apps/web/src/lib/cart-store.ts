import { useSyncExternalStore } from 'react';

/**
 * The visitor's cart (docs/decisions/036-cart-in-local-storage.md): what they chose, never a price. It lives in
 * localStorage under one key, so it survives a reload, a sign-in and a registration, and every tab sees the same
 * cart through the `storage` event. Prices always come from the server's quote.
 */
export const CART_STORAGE_KEY = 'hostpilot.cart';

/** The kinds of plan a cart line can hold; a domain registration is its own kind. */
export type CartPlanKind = 'hosting' | 'game' | 'vds' | 'dedicated' | 'extra';

export type CartLine =
  | {
      id: string;
      kind: CartPlanKind;
      planId: string;
      /** The billing period in months (12, 24, 36 for extras, sold by the year). */
      months: number;
      /** The data-centre city of a server (hosting, game, VDS, dedicated). */
      dataCenter?: string;
      /** The domain the service is for (hosting and extras). */
      domain?: string;
    }
  | {
      id: string;
      kind: 'domain';
      /** The name as registered (Punycode), and as people read it. */
      name: string;
      displayName: string;
      years: number;
    };

export type NewCartLine = CartLine extends infer L ? (L extends CartLine ? Omit<L, 'id'> : never) : never;

export interface Cart {
  lines: readonly CartLine[];
}

const EMPTY: Cart = { lines: [] };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A stored line as this version of the app understands it; anything else is dropped, never trusted. */
function readLine(value: unknown): CartLine | null {
  if (!isRecord(value) || typeof value.id !== 'string') return null;
  if (value.kind === 'domain') {
    if (typeof value.name !== 'string' || typeof value.years !== 'number') return null;
    const displayName = typeof value.displayName === 'string' ? value.displayName : value.name;
    return { id: value.id, kind: 'domain', name: value.name, displayName, years: value.years };
  }
  if (!['hosting', 'game', 'vds', 'dedicated', 'extra'].includes(String(value.kind))) return null;
  if (typeof value.planId !== 'string' || typeof value.months !== 'number') return null;
  return {
    id: value.id,
    kind: value.kind as CartPlanKind,
    planId: value.planId,
    months: value.months,
    ...(typeof value.dataCenter === 'string' ? { dataCenter: value.dataCenter } : {}),
    ...(typeof value.domain === 'string' && value.domain ? { domain: value.domain } : {}),
  };
}

/** Parses the stored text; a damaged or foreign value is an empty cart. */
export function parseCart(text: string | null): Cart {
  if (!text) return EMPTY;
  try {
    const value: unknown = JSON.parse(text);
    if (!isRecord(value) || !Array.isArray(value.lines)) return EMPTY;
    const lines = value.lines.map(readLine).filter((line): line is CartLine => line !== null);
    return { lines };
  } catch {
    return EMPTY;
  }
}

function newLineId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The store: one snapshot object per stored text, so React re-renders only when the cart really changed. */
export function createCartStore() {
  let text: string | null = null;
  let snapshot: Cart = EMPTY;
  const listeners = new Set<() => void>();

  const read = (): Cart => {
    let stored: string | null = null;
    try {
      stored = storage()?.getItem(CART_STORAGE_KEY) ?? null;
    } catch {
      stored = null;
    }
    if (stored !== text) {
      text = stored;
      snapshot = parseCart(stored);
    }
    return snapshot;
  };

  const write = (cart: Cart) => {
    const next = JSON.stringify(cart);
    try {
      const area = storage();
      if (cart.lines.length === 0) area?.removeItem(CART_STORAGE_KEY);
      else area?.setItem(CART_STORAGE_KEY, next);
    } catch {
      // Without storage the cart lasts as long as the page.
    }
    text = cart.lines.length === 0 ? null : next;
    snapshot = cart;
    listeners.forEach((listener) => listener());
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    const before = snapshot;
    if (read() !== before) listeners.forEach((listener) => listener());
  };

  return {
    getSnapshot: read,
    getServerSnapshot: () => EMPTY,
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
    /** Adds a line and answers its id. The same domain twice is one line. */
    add(line: NewCartLine): string {
      const cart = read();
      if (line.kind === 'domain') {
        const existing = cart.lines.find((l) => l.kind === 'domain' && l.name === line.name);
        if (existing) {
          write({ lines: cart.lines.map((l) => (l.id === existing.id ? { ...line, id: existing.id } : l)) });
          return existing.id;
        }
      }
      const id = newLineId();
      write({ lines: [...cart.lines, { ...line, id } as CartLine] });
      return id;
    },
    /** Replaces a line's choices, keeping its place and id. */
    update(id: string, line: NewCartLine) {
      const cart = read();
      write({ lines: cart.lines.map((l) => (l.id === id ? ({ ...line, id } as CartLine) : l)) });
    },
    remove(id: string) {
      write({ lines: read().lines.filter((l) => l.id !== id) });
    },
    clear() {
      write(EMPTY);
    },
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

export const cartStore = createCartStore();

/**
 * The cart, read after hydration: a prerendered page and its first client render both see an empty cart (the
 * server snapshot), so hydration finds what the server wrote; the stored cart follows on the next render.
 */
export function useCart(store: CartStore = cartStore): Cart {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
}
