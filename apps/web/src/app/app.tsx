import { createBrowserRouter, RouterProvider } from 'react-router';
import { setSessionExpiredHandler } from '@/lib/session';
import type { FromState } from './guards/redirect-target';
import { routes } from './routes';
import { SessionGate } from './session-gate';

const router = createBrowserRouter(routes);

// SPEC.md section 4: when a 401 cannot be cured by a refresh, the user goes to /login (and comes back after).
setSessionExpiredHandler(() => {
  const { pathname, search, hash } = router.state.location;
  if (pathname === '/login') return;
  const state: FromState = { from: { pathname, search, hash } };
  void router.navigate('/login', { replace: true, state });
});

export function App() {
  return (
    <SessionGate>
      <RouterProvider router={router} />
    </SessionGate>
  );
}
