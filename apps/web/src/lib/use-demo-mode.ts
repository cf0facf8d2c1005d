import { useEffect, useState } from 'react';
import { api } from '@/lib/session';

let demoMode: Promise<boolean> | undefined;

/**
 * What the page says before any request: the API marks every HTML document it serves in demo mode with
 * `<html data-demo>`, and the build prerenders the pages that show the demo (the sign-in page's hint) in a demo
 * variant the API then serves (docs/decisions/018-prerendered-public-pages.md). Reading it on the first render
 * puts the hint in place before the first paint, with the markup the prerendered HTML already has, so nothing
 * moves when the answer of GET /api/meta arrives.
 */
let initialDemo = typeof document !== 'undefined' && document.documentElement.hasAttribute('data-demo');

/** The prerender step renders a page's demo variant with this set (apps/web/src/entry-server.tsx). */
export function setInitialDemoMode(value: boolean) {
  initialDemo = value;
}

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
  initialDemo = false;
}

/**
 * Whether the server runs in demo mode (GET /api/meta): the sign-in page then shows the demo accounts and Add
 * funds offers the test card. Never by default, so a production site never advertises either.
 */
export function useDemoMode(): boolean {
  return useDemoModeAnswer() ?? false;
}

/**
 * The same answer, undefined until it is known (a dialog may wait for it instead of guessing "no"): known at once
 * on a page the server marked as a demo, otherwise when the server has told it.
 */
export function useDemoModeAnswer(): boolean | undefined {
  const [demo, setDemo] = useState<boolean | undefined>(initialDemo ? true : undefined);
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
