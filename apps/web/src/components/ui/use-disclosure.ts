import { useCallback, useState } from 'react';

/**
 * Open/closed state of a menu or drawer that closes by itself when `resetKey` changes
 * (pass the route's pathname: navigating away closes it, with no effect and no extra render).
 */
export function useDisclosure(resetKey: string) {
  const [openFor, setOpenFor] = useState<string | null>(null);
  const open = openFor === resetKey;
  const close = useCallback(() => setOpenFor(null), []);
  const toggle = useCallback(() => setOpenFor((current) => (current === resetKey ? null : resetKey)), [resetKey]);
  return { open, close, toggle };
}
