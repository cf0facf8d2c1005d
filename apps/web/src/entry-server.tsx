import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { RootLayout } from '@/app/root-layout';
import type { RouteHandle } from '@/app/route-meta';
import { addressesOf, NOT_FOUND_PATH, PRERENDERED_ROUTES, ROUTE_TABLE } from '@/app/route-table';
import { routes } from '@/app/routes';
import { SessionGate } from '@/app/session-gate';
import { i18n, initI18n, type Language, LANGUAGES } from '@/lib/i18n';
import { PRERENDER_ORIGIN } from '@/lib/site-origin';
import { setInitialDemoMode } from '@/lib/use-demo-mode';

/**
 * The build's prerender step (apps/web/scripts/prerender.mjs) renders every prerendered route of the route table
 * in every language with this module: React DOM's static renderer over React Router's static handler, the same
 * route tree and components the browser then hydrates (docs/decisions/018-prerendered-public-pages.md).
 */
export { addressesOf, LANGUAGES, NOT_FOUND_PATH, PRERENDER_ORIGIN, PRERENDERED_ROUTES, ROUTE_TABLE };
/** The cart page of every plan button's address, prerendered so that a plan is added without scripts. */
export { CART_ADD_PARAM, CART_ADD_PATHS, CART_PERIOD_PARAM } from '@/features/marketing/components/cart/cart-catalog';

/**
 * The HTML of one page in one language: the app's markup, with React's `<title>`, `<meta>` and `<link>` first.
 * `demo` renders it as a server in demo mode shows it (the sign-in page's demo hint).
 */
/**
 * Client-rendered addresses whose frame is prerendered (`renderShell`): the layout and what the page draws there.
 * Imported when rendered, as the app's route tree imports them (each is a chunk of its own there).
 */
export const SHELLS = {
  '/dashboard': async () => ({
    Layout: (await import('@/app/layouts/dashboard-layout')).DashboardLayout,
    Shell: (await import('@/features/dashboard/pages/dashboard-home-page')).DashboardHomeShell,
  }),
} as const;

/**
 * The modules (under `src/`) of each frame's page as the app renders it over the frame: the build names their chunks,
 * with the page's texts, on the frame's boot script, so that they are asked for together with the app's entry instead
 * of once the entry has run (scripts/prerender.mjs, docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
export const SHELL_MODULES: Record<keyof typeof SHELLS, readonly string[]> = {
  '/dashboard': [
    'app/layouts/dashboard-layout.tsx',
    'features/dashboard/pages/dashboard-home-page.tsx',
    'features/dashboard/api/first-data.ts',
  ],
};

/**
 * The frame of a signed-in page as the app first draws it, for the server to send with the HTML: the dashboard's
 * layout around the page's shell (`SHELLS`), with no user and no data. The browser never hydrates it: the app renders
 * over it once its code, the session and the page's data are in (main.tsx, docs/decisions/065-the-dashboard-paints-with-its-html.md).
 */
export async function renderShell(path: keyof typeof SHELLS, language: Language): Promise<string> {
  setInitialDemoMode(false);
  initI18n(language);
  await i18n.changeLanguage(language);
  const entry = ROUTE_TABLE.find((route) => route.path === path);
  if (!entry) throw new Error(`The route table has no ${path}`);
  await i18n.loadNamespaces([...entry.namespaces]);
  const { Layout, Shell } = await SHELLS[path]();
  const handle: RouteHandle = { page: entry.page };
  const handler = createStaticHandler([
    {
      element: <RootLayout />,
      children: [{ path, element: <Layout />, children: [{ index: true, handle, element: <Shell /> }] }],
    },
  ]);
  const context = await handler.query(new Request(new URL(path, PRERENDER_ORIGIN)));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error;
      },
    },
  );
  return new Response(prelude as ReadableStream).text();
}

export async function renderPage(
  path: string,
  language: Language,
  { demo = false }: { demo?: boolean } = {},
): Promise<{ html: string; status: number }> {
  setInitialDemoMode(demo);
  initI18n(language);
  await i18n.changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, PRERENDER_ORIGIN)));
  if (context instanceof Response) throw new Error(`${path} answered with a redirect, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <SessionGate>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SessionGate>
    </StrictMode>,
    {
      // One document with every part in place: no boundary moved to the end with an inline script to put it
      // back (the Content-Security-Policy allows no inline script, and the page must work without JavaScript).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        throw error;
      },
    },
  );
  return { html: await new Response(prelude as ReadableStream).text(), status: context.statusCode };
}
