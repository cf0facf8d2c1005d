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

export function App({ router }: { router: AppRouter }) {
  return (
    <SessionGate>
      <RouterProvider router={router} />
    </SessionGate>
  );
}
