import { useCallback, useState } from 'react';

/** A notice a page shows in a dialog: the action's title and what happened. */
export interface Notice {
  title: string;
  body: string;
}

/** State of the notice dialog a page shows when an action it started could not finish. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const close = useCallback(() => setNotice(null), []);
  return { notice, show: setNotice, close };
}
