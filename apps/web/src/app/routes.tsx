import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { i18n } from '@/lib/i18n';
import { ErrorScreen } from './error-screen';
import { GuestOnly } from './guards/guest-only';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-meta';
import { NOT_FOUND_PAGE, type RouteEntry, routesOf } from './route-table';

/** Every page module, each in its own chunk; the route table names them by their path under `features/`. */
const PAGE_MODULES = import.meta.glob<Record<string, ComponentType>>('../features/*/pages/*-page.tsx');

/**
 * A route whose page lives in its own chunk. The router waits for the code and the page's
 * translations together, so a page never flashes untranslated keys.
 */
function pageRoute(entry: RouteEntry, parentPath: string): RouteObject {
  const load = PAGE_MODULES[`../features/${entry.module}.tsx`];
  if (!load) throw new Error(`The route table names a page module that does not exist: ${entry.module}`);
  const relative = entry.path === parentPath ? '' : entry.path.slice(parentPath === '/' ? 1 : parentPath.length + 1);
  const handle: RouteHandle = { page: entry.page };
  const lazy = async () => {
    const [module] = await Promise.all([load(), i18n.loadNamespaces([...entry.namespaces])]);
    const Component = module[entry.component];
    if (!Component) throw new Error(`${entry.module} exports no ${entry.component}`);
    return { Component };
  };
  return relative === '' ? { index: true, handle, lazy } : { path: relative, handle, lazy };
}

const notFound: RouteObject = { path: '*', handle: { page: NOT_FOUND_PAGE }, element: <NotFoundPage /> };

const pages = (layout: RouteEntry['layout'], parentPath: string) =>
  routesOf(layout).map((entry) => pageRoute(entry, parentPath));

/** The router's tree, built from the route table (`route-table.ts`): layouts and guards around its pages. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [...pages('public', '/'), { element: <GuestOnly />, children: pages('guest', '/') }, notFound],
      },
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            // The signed-in layouts load with their first page: the public site never downloads them.
            lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
            children: [...pages('dashboard', '/dashboard'), notFound],
          },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
            children: [...pages('admin', '/admin'), notFound],
          },
        ],
      },
    ],
  },
];
