import { type Money, orderingRoutes } from '@hostpilot/shared';
import { useEffect, useState } from 'react';
import type { CartLine } from '@/lib/cart-store';
import { api } from '@/lib/session';
import { toOrderLines } from './orders';

/** A cart line with what the server's quote says of it: its price for the chosen period, or what is wrong. */
export interface PricedLine {
  line: CartLine;
  price: Money | null;
  /** The period's price before a discount, the discount, and the hosting plan whose free domain year it is. */
  periodPrice: Money | null;
  discount: Money | null;
  freeDomainWith: string | null;
  /** A domain's price a year (what it renews at after a free first year). */
  unitPrice: Money | null;
  /** A translation key (common namespace) when the server refuses the line. */
  errorKey: string | null;
}

export type QuoteState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; lines: PricedLine[]; total: Money; valid: boolean };

/**
 * The cart priced by the server (`POST /orders/quote`, no sign-in): asked again whenever the cart changes, here or
 * in another tab. The browser never prices a line itself (docs/decisions/036-cart-in-local-storage.md).
 */
export function useQuote(lines: readonly CartLine[]) {
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(lines);
  const [settled, setSettled] = useState<{ key: string; attempt: number; state: QuoteState } | null>(null);

  useEffect(() => {
    if (lines.length === 0) return;
    const controller = new AbortController();
    api
      .call(orderingRoutes.postOrdersQuote, {
        body: { lines: toOrderLines(lines) },
        auth: false,
        signal: controller.signal,
      })
      .then(
        (quote) => {
          const priced = lines.map((line, index): PricedLine => {
            const answer = quote.lines[index];
            const errorKey = answer ? (Object.values(answer.errors)[0] ?? null) : 'errors.generic';
            return {
              line,
              price: answer?.lineTotal ?? null,
              periodPrice: answer?.periodPrice ?? null,
              discount: answer?.discount ?? null,
              freeDomainWith: answer?.freeDomainWith ?? null,
              unitPrice: answer?.unitPrice ?? null,
              errorKey,
            };
          });
          setSettled({
            key,
            attempt,
            state: {
              status: 'ready',
              lines: priced,
              total: quote.total,
              valid: quote.valid && priced.every((line) => line.errorKey === null),
            },
          });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setSettled({ key, attempt, state: { status: 'error', error } });
        },
      );
    return () => controller.abort();
    // `key` stands for the lines: a new array with the same lines asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  let state: QuoteState;
  if (lines.length === 0) state = { status: 'empty' };
  else if (settled?.key === key && settled.attempt === attempt) state = settled.state;
  else state = { status: 'loading' };
  return { state, retry: () => setAttempt((n) => n + 1) };
}
