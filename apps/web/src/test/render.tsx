import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n, initI18n, type Language } from '@/lib/i18n';

/** i18n as the app has it, in the given language, with these namespaces loaded. */
export async function setupI18n(language: Language = 'en', namespaces: string[] = []) {
  initI18n();
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(namespaces);
  return i18n;
}

/** A fresh cache for one test, as the app configures it but without retries (a failure shows at once). */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
}

/** Renders a component inside a router at `path`, with i18n ready and a fresh query cache. */
export async function renderWithRouter(
  ui: ReactElement,
  {
    path = '/',
    route = '*',
    language = 'en',
    namespaces = [],
    queryClient = testQueryClient(),
    ...options
  }: {
    path?: string;
    /** The route's pattern, for a page that reads its parameters (`/dashboard/domains/:id`). */
    route?: string;
    language?: Language;
    namespaces?: string[];
    queryClient?: QueryClient;
  } & RenderOptions = {},
) {
  await setupI18n(language, namespaces);
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
  return { router, queryClient, ...render(<RouterProvider router={router} />, { wrapper: Wrapper, ...options }) };
}
