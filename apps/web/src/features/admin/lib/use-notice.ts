import { useCallback, useState } from 'react';

/** What a control would do, said honestly: its title and a sentence on what is and isn't available yet. */
export interface Notice {
  title: string;
  body: string;
}

/**
 * State of the "not available yet" dialog a page shows for controls whose effect is not built yet
 * (docs/product/README.md).
 */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const close = useCallback(() => setNotice(null), []);
  return { notice, show: setNotice, close };
}
