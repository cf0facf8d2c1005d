import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules: what the site promises (issue 8). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * Runs axe once no CSS transition is under way: a button that turns enabled when its data arrives fades its text
 * colour in over 150 ms, and axe measuring contrast half-way through reports a contrast the page never rests at.
 * Endless animations (a spinner) are not waited for.
 */
export async function analyzeAxe(page: Page, tags: string[] = WCAG_TAGS) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  return new AxeBuilder({ page }).withTags(tags).analyze();
}

/** Runs axe on the page as it is now and fails with a readable list of every violation. */
export async function expectNoAxeViolations(page: Page, context: string) {
  const results = await analyzeAxe(page);
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(violations, `axe violations on ${context}`).toEqual([]);
}

/**
 * Records every Content-Security-Policy violation the page reports, from the first script on.
 * Call before the first navigation; read the list with `cspViolations(page)`.
 */
export async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const store: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = store;
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

export const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);

/** What every page must carry (issue 8): lang, its own title and description, one h1, the landmarks, canonical and hreflang. */
export async function expectPageBasics(
  page: Page,
  language: string,
  options: { footer: boolean; titleSuffix: boolean; notFound?: boolean },
) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('banner').first()).toBeAttached();
  await expect(page.getByRole('navigation').first()).toBeAttached();
  if (options.footer) await expect(page.getByRole('contentinfo').first()).toBeAttached();
  await expect(page).toHaveTitle(options.titleSuffix ? /^HostPilot\b.* \| \S+/ : /^HostPilot\b/);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.trim().length ?? 0, 'a meta description').toBeGreaterThan(10);
  // The not-found page answers 404 and asks not to be indexed: no canonical or alternate addresses.
  if (options.notFound) {
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="alternate"], link[rel="canonical"]')).toHaveCount(0);
    return;
  }
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  for (const hreflang of ['en', 'ru', 'x-default']) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
  }
}
