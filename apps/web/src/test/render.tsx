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

/** Renders a component inside a router at `path`, with i18n ready. */
export async function renderWithRouter(
  ui: ReactElement,
  {
    path = '/',
    language = 'en',
    namespaces = [],
    ...options
  }: { path?: string; language?: Language; namespaces?: string[] } & RenderOptions = {},
) {
  await setupI18n(language, namespaces);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const Wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return { router, ...render(<RouterProvider router={router} />, { wrapper: Wrapper, ...options }) };
}
