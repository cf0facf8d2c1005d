import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/session';
import type { FromState } from './guards/redirect-target';
import { routes } from './routes';
import { SessionGate } from './session-gate';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The router, created after i18n so the first route's page and translations load together. */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  // docs/product/states.md: when a 401 cannot be cured by a refresh, the user goes to /login (and comes back after).
  setSessionExpiredHandler(() => {
    const { pathname, search, hash } = router.state.location;
    if (pathname === '/login') return;
    const state: FromState = { from: { pathname, search, hash } };
    void router.navigate('/login', { replace: true, state });
  });
  return router;
}

/** Resolves once the first route's code (and its translations) has loaded. */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * On a prerendered page the visitor may have scrolled, and be tapping a button, before React hydrates it. The
 * router's first location ends without a scroll position to restore, and `ScrollRestoration` then scrolls to the
 * top as it mounts: the page jumped and the tap landed elsewhere (docs/decisions/047-interactive-from-first-paint.md).
 * A revalidation ends with "do not restore" instead (no route here has a loader, so it asks nothing); a position
 * stored for this page (a reload) is still restored as the component mounts.
 */
export function keepScrollPosition(router: AppRouter): Promise<void> {
  return router.revalidate();
}

export function App({ router }: { router: AppRouter }) {
  return (
    <SessionGate>
      <RouterProvider router={router} />
    </SessionGate>
  );
}
