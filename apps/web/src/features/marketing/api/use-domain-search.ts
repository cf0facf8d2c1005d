import { type DomainSearchResponse, orderingRoutes } from '@hostpilot/shared';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';

export type DomainSearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'success'; query: string; data: DomainSearchResponse }
  | { status: 'error'; query: string; error: unknown };

interface Settled {
  query: string;
  attempt: number;
  state: DomainSearchState;
}

/**
 * Asks the API whether `query` is free to register (docs/product/ordering.md), again whenever it changes or on
 * retry; a newer search cancels an older one. Idle until hydrated, so a prerendered page hydrates unchanged.
 */
export function useDomainSearch(query: string) {
  const hydrated = useHydrated();
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    api.call(orderingRoutes.getDomainsSearch, { query: { q: query }, auth: false, signal: controller.signal }).then(
      (data) => setSettled({ query, attempt, state: { status: 'success', query, data } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ query, attempt, state: { status: 'error', query, error } });
      },
    );
    return () => controller.abort();
  }, [query, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  let state: DomainSearchState;
  if (!query || !hydrated) state = { status: 'idle' };
  else if (settled?.query === query && settled.attempt === attempt) state = settled.state;
  else state = { status: 'loading', query };
  return { state, retry };
}
