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
 * Whether the sign-in page may show the demo accounts: only when the server says it seeded them
 * (GET /api/meta), never by default, so a production site never advertises credentials.
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
