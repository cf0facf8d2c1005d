import type { Page, Response } from '@playwright/test';
import { allowNotFoundStatus, expect, test } from './support/fixtures';
import { NOT_FOUND_ROUTE, PUBLIC_ROUTES } from './support/routes';

/**
 * Issue 8: route-level code splitting. A public page downloads neither the dashboard nor the back office,
 * and only the pages with a form download the form-validation libraries (zod, react-hook-form).
 */

const FORM_ROUTES = new Set([
  // The cart edits its lines' choices and checkout takes a card number, checked with the shared schemas.
  '/cart',
  '/checkout',
  '/contact',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
]);

/** Text that survives minification in each library, so its presence in a script means the library is there. */
const MARKERS = {
  zod: '$ZodType',
  'react-hook-form': 'criteriaMode',
};

/** Loads a route and returns the names and source of every script it fetched. */
async function scriptsOf(page: Page, route: string) {
  const scripts: { url: string; body: string }[] = [];
  const onResponse = async (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
  };
  page.on('response', onResponse);
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return scripts;
}

/**
 * Modules that pages share are copied into the page chunks rather than split into files of their own
 * (docs/decisions/011-fewer-larger-chunks.md): a phone on HTTP/1.1 fetches six files at a time, and the home page
 * used to wait for about thirty. The entry, its shared libraries, the page and its texts fit in ten; eleven since zod
 * left the entry's path (the dashboard's figures do not need it, docs/decisions/065-the-dashboard-paints-with-its-html.md)
 * and became one file that the pages with forms (the cart, checkout) share.
 */
const MAX_FIRST_LOAD_SCRIPTS = 11;

// One page per test: each holds its own time budget on a busy machine.
for (const route of PUBLIC_ROUTES) {
  test(`${route} loads its first view in a handful of scripts, no dashboard or back-office code${FORM_ROUTES.has(route) ? '' : ', and no form validation'}`, async ({
    page,
  }) => {
    if (route === NOT_FOUND_ROUTE) allowNotFoundStatus();
    const scripts = await scriptsOf(page, route);
    expect(scripts.length).toBeGreaterThan(0);
    // The boot script comes first, on its own and small: it starts the module graph once the page has painted
    // (docs/decisions/040-scripts-after-the-first-paint.md). The budget is the module graph's.
    const [boot, ...modules] = scripts;
    expect(new URL(boot!.url).pathname).toMatch(/^\/assets\/boot-[\w-]{8}\.js$/);
    expect(boot!.body.length).toBeLessThan(2_000);
    const names = modules.map((script) => new URL(script.url).pathname);
    expect(names.length, `${route} loaded ${names.join(', ')}`).toBeLessThanOrEqual(MAX_FIRST_LOAD_SCRIPTS);
    expect(
      names.filter((name) => /dashboard|admin/i.test(name)),
      'signed-in chunks',
    ).toEqual([]);
    if (FORM_ROUTES.has(route)) return;
    for (const [library, marker] of Object.entries(MARKERS)) {
      const carriers = scripts.filter((script) => script.body.includes(marker)).map((script) => script.url);
      expect(carriers, `${library} loaded on ${route}`).toEqual([]);
    }
  });
}

test('the form pages do load their validation, so the markers above are real', async ({ page }) => {
  const scripts = await scriptsOf(page, '/contact');
  expect(scripts.some((script) => script.body.includes(MARKERS.zod))).toBe(true);
  expect(scripts.some((script) => script.body.includes(MARKERS['react-hook-form']))).toBe(true);
});

test('the dashboard loads its own chunks when a signed-in customer opens it', async ({ page }) => {
  const response = await page.request.post('/api/auth/login', {
    data: { email: 'demo@example.com', password: 'demo-password' },
  });
  const tokens = (await response.json()) as { access_token: string; refresh_token: string };
  await page.goto('/robots.txt');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('auth_token', access);
      localStorage.setItem('refresh_token', refresh);
    },
    [tokens.access_token, tokens.refresh_token] as const,
  );
  const scripts = await scriptsOf(page, '/dashboard');
  expect(scripts.some((script) => /dashboard-layout/.test(script.url))).toBe(true);
});
