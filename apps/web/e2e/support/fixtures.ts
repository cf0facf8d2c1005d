import { test as base, expect, type Page } from '@playwright/test';

const ALLOW_ANNOTATION = 'allow-console-error';

/**
 * The `page` fixture fails a test on any console error or uncaught exception
 * (a missing translation logs one too), unless the test allows it with `allowConsoleErrors`.
 */
/**
 * After a navigation, waits until the app is interactive: a prerendered page shows before React has hydrated it,
 * and a click before then would follow the page's links and forms rather than the app's handlers. A public page asks
 * for the app only once the visitor interacts with it (docs/decisions/060-the-app-starts-on-interaction.md), so the
 * fixture interacts first, the way a visitor could without changing anything: a press of Shift. Pages that are not
 * the app (robots.txt, the API docs) have no #root.
 */
export async function appReady(page: Page) {
  // The boot script (deferred) has run and listens by then.
  await page.waitForLoadState('domcontentloaded');
  const waiting = await page.evaluate(
    () => document.getElementById('root') !== null && !document.documentElement.hasAttribute('data-app-ready'),
  );
  if (waiting) await page.keyboard.press('Shift');
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'),
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args);
        await appReady(page);
        return response;
      };
      page.reload = async (...args: Parameters<Page['reload']>) => {
        const response = await reload(...args);
        await appReady(page);
        return response;
      };
    }
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus) return;
    const allowed = testInfo.annotations
      .filter((annotation) => annotation.type === ALLOW_ANNOTATION)
      .map((annotation) => new RegExp(annotation.description ?? '^$'));
    const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
    expect(unexpected, 'console errors on the page').toEqual([]);
  },
});

/** Lets a test expect console errors matching these patterns (say, a 401 the browser logs). */
export function allowConsoleErrors(...patterns: RegExp[]) {
  for (const pattern of patterns) test.info().annotations.push({ type: ALLOW_ANNOTATION, description: pattern.source });
}

/** What one page visit may take on a busy two-core machine, on top of the test's own 30 s. */
const PER_PAGE_MS = 10_000;

/** A test that walks several pages gets a time budget that grows with them (issue 17: one budget for 14 pages failed). */
export function budgetForPages(pages: number) {
  test.setTimeout(test.info().timeout + pages * PER_PAGE_MS);
}

/**
 * An unknown public address answers with the not-found page and status 404, which the browser reports in the
 * console for the document itself. A test that opens one expects that line and no other error.
 */
export function allowNotFoundStatus() {
  allowConsoleErrors(/^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
}

/** Opens a page in a language the way a visitor's link would: `?lng=` on the address. */
export async function gotoInLanguage(page: Page, path: string, language: 'en' | 'ru') {
  const separator = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${separator}lng=${language}`);
}

export { expect };
