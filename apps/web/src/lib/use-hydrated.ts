import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server or hydrates prerendered HTML, true from the next render on: a part that
 * depends on the browser (the address's query, say) waits for it, so hydration finds what the server wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
