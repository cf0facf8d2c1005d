import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useHydrated } from '@/lib/use-hydrated';
import { RouteMeta } from './route-meta';

/**
 * Marks `<html data-app-ready>` once React has hydrated (or rendered) the page. Until then a prerendered page is
 * visible but its buttons do nothing (docs/decisions/018-prerendered-public-pages.md); the end-to-end tests wait
 * for the mark before they interact. The mark waits for the render after hydration, in which the header's script-free
 * menus become their enhanced buttons (docs/decisions/047-interactive-from-first-paint.md).
 */
function useAppReady() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.appReady = '';
  }, [hydrated]);
}

export function RootLayout() {
  useAppReady();
  return (
    <>
      <RouteMeta />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
