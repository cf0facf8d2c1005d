import { Outlet, ScrollRestoration } from 'react-router';
import { RouteMeta } from './route-meta';

export function RootLayout() {
  return (
    <>
      <RouteMeta />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
