import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { RouteMeta } from './route-meta';

/**
 * Marks `<html data-app-ready>` once React has hydrated (or rendered) the page. Until then a prerendered page is
 * visible but its buttons do nothing (docs/decisions/018-prerendered-public-pages.md); the end-to-end tests wait
 * for the mark before they interact.
 */
function useAppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
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
