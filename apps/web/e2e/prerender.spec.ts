import type { Page } from '@playwright/test';
import { addressesOf, NOT_FOUND_PATH, PRERENDERED_ROUTES } from '../src/app/route-table';
import { allowNotFoundStatus, expect, gotoInLanguage, test } from './support/fixtures';
import { LANGUAGES, NOT_FOUND_ROUTE } from './support/routes';

/**
 * Issue 17: every public page arrives as HTML in the visitor's language and the client hydrates it
 * (docs/decisions/018-prerendered-public-pages.md). The page fixture fails a test on any console error, which is
 * where React reports a hydration mismatch; warnings that mention hydration fail it here as well.
 */

/** Resolves once React has hydrated the page's heading (React marks the elements it owns). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

function recordHydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) warnings.push(`${message.type()}: ${message.text()}`);
  });
  return warnings;
}

const RUSSIAN = /[а-яё]/i;

for (const path of [...PRERENDERED_ROUTES.flatMap(addressesOf), NOT_FOUND_ROUTE]) {
  for (const language of LANGUAGES) {
    test(`${path} in ${language} arrives prerendered and hydrates without a warning`, async ({ page }) => {
      if (path === NOT_FOUND_ROUTE) allowNotFoundStatus();
      const warnings = recordHydrationWarnings(page);
      const response = await page.request.get(`${path}?lng=${language}`);
      expect(response.status()).toBe(path === NOT_FOUND_ROUTE ? 404 : 200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<html lang="${language}"[ >]`));
      expect(html).toMatch(/<div id="root"><div/);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title).toBeTruthy();

      await gotoInLanguage(page, path, language);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // React adopted the prerendered metadata rather than adding its own beside it.
      await expect(page.locator('title')).toHaveCount(1);
      await expect(page).toHaveTitle(title!.replaceAll('&amp;', '&'));
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      const indexable = path !== NOT_FOUND_ROUTE;
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(indexable ? 1 : 0);
      for (const hreflang of ['en', 'ru', 'x-default']) {
        await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(indexable ? 1 : 0);
      }
      expect(warnings).toEqual([]);
    });
  }
}

test('the HTML is Russian before any script runs for ?lng=ru, the i18next cookie and Accept-Language: ru', async ({
  request,
}) => {
  const cases: { url: string; headers: Record<string, string> }[] = [
    { url: '/hosting?lng=ru', headers: {} },
    { url: '/hosting', headers: { cookie: 'i18next=ru' } },
    { url: '/hosting', headers: { 'accept-language': 'ru-RU,ru;q=0.9' } },
  ];
  for (const { url, headers } of cases) {
    const html = await (await request.get(url, { headers })).text();
    expect(html, JSON.stringify(headers)).toMatch(/<html lang="ru"[ >]/);
    const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '';
    expect(heading, JSON.stringify(headers)).toMatch(RUSSIAN);
  }
  const english = await (await request.get('/hosting', { headers: { 'accept-language': 'en-US' } })).text();
  expect(english).toMatch(/<html lang="en"[ >]/);
});

test('a language chosen on the page is kept in the cookie, so the next page arrives in it', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /English/ })
    .first()
    .click();
  await page.getByRole('banner').getByRole('button', { name: 'Русский' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'i18next')?.value).toBe('ru');
  const html = await (await page.request.get('/about')).text();
  expect(html).toMatch(/<html lang="ru"[ >]/);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, locale: 'ru-RU' });

  test('a public page shows its content in the browser language, and its links work', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RUSSIAN);
    await page.getByRole('contentinfo').getByRole('link', { name: 'О нас' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RUSSIAN);
    await expect(page).toHaveTitle(RUSSIAN);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Условия использования' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(RUSSIAN);
  });
});

test('the sitemap lists every public page in both languages, and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const route of PRERENDERED_ROUTES) {
    for (const [path, language] of addressesOf(route).flatMap((address) => LANGUAGES.map((l) => [address, l]))) {
      const loc = `${path}?lng=${language}</loc>`;
      if (route.layout === 'public' && route.sitemap !== false) expect(sitemap).toContain(loc);
      else expect(sitemap).not.toContain(loc);
    }
  }
  expect(sitemap).not.toContain(NOT_FOUND_PATH);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /dashboard');
});

/**
 * Starts adding up the page's layout shifts (the browser's own record, as Lighthouse reads it) from its first
 * paint; `layoutShift` reads the sum.
 */
async function recordLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const record = window as unknown as { layoutShift: number };
    record.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) record.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts so far, once the browser has delivered every one it recorded. */
async function layoutShift(page: Page): Promise<number> {
  // Two frames and a task: the observer's entries arrive in a task of their own after the shift is painted.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
      ),
  );
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

test.describe('when the web font arrives late', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const [path, language] of [
    ['/hosting', 'en'],
    ['/hosting', 'ru'],
    ['/', 'en'],
    ['/about', 'ru'],
  ] as const) {
    test(`${path} in ${language} asks for its font with the HTML and does not move when it arrives`, async ({
      page,
    }) => {
      const html = await (await page.request.get(`${path}?lng=${language}`)).text();
      const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((match) => match[1]);
      expect(preloads.some((href) => /inter-latin-wght/.test(href!))).toBe(true);
      expect(preloads.some((href) => /inter-cyrillic-wght/.test(href!))).toBe(language === 'ru');

      // The page is painted with the fallback face first; the font swaps in a second later.
      let fontsHeld = 0;
      await page.route('**/*.woff2', async (route) => {
        fontsHeld += 1;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await recordLayoutShift(page);
      await gotoInLanguage(page, path, language);
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
      expect(fontsHeld).toBeGreaterThan(0);
      // Lighthouse shows a shift below 0.005 as 0.
      expect(await layoutShift(page)).toBeLessThan(0.005);
    });
  }
});

test.describe('on a server in demo mode', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  for (const language of LANGUAGES) {
    test(`/login in ${language} arrives with the demo hint in its HTML and does not move`, async ({ page }) => {
      // The end-to-end server seeds the demo accounts, so it marks its pages and sends the sign-in page's demo
      // variant (docs/decisions/018-prerendered-public-pages.md).
      const html = await (await page.request.get(`/login?lng=${language}`)).text();
      expect(html).toMatch(/<html lang="[a-z]+" data-demo>/);
      expect(html).toContain('demo@example.com');

      // The server's own answer to "is this a demo?" comes late; the hint must not wait for it.
      await page.route('**/api/meta', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      const warnings = recordHydrationWarnings(page);
      await recordLayoutShift(page);
      await gotoInLanguage(page, '/login', language);
      await hydrated(page);
      const useDemo = page.getByRole('button', {
        name: language === 'en' ? 'Use the demo account' : 'Подставить данные демо-аккаунта',
      });
      await expect(useDemo).toBeVisible();
      await page.waitForResponse('**/api/meta');
      await expect(useDemo).toBeVisible();
      expect(await layoutShift(page)).toBeLessThan(0.005);
      expect(warnings).toEqual([]);
    });
  }
});
