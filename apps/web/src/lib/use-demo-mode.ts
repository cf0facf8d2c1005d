import { useEffect, useState } from 'react';
import { api } from '@/lib/session';

let demoMode: Promise<boolean> | undefined;

/** Asks the server once per page load whether it runs in demo mode; any failure counts as "no". */
function fetchDemoMode(): Promise<boolean> {
  demoMode ??= api.get<{ demo: boolean }>('/meta', { auth: false }).then(
    (answer) => answer.demo === true,
    () => {
      demoMode = undefined;
      return false;
    },
  );
  return demoMode;
}

/** Forgets the cached answer (tests). */
export function resetDemoMode() {
  demoMode = undefined;
}

/**
 * Whether the server runs in demo mode (GET /api/meta): the sign-in page then shows the demo accounts and Add
 * funds offers the test card. Never by default, so a production site never advertises either.
 */
export function useDemoMode(): boolean {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchDemoMode().then((value) => {
      if (live) setDemo(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return demo;
}
