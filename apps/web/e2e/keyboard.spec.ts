import type { Locator, Page } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, DEMO_CUSTOMER, storeTokens } from './support/auth';
import { expect, gotoInLanguage, test } from './support/fixtures';

/** Issue 8: a keyboard alone reaches and works everything, sees where it is, and never gets stuck. */

const focused = (page: Page) => page.locator(':focus');

/** What the focused element looks like: a visible focus ring is a real outline or ring of some width. */
async function focusRingWidth(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return 0;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
    const ring = style.boxShadow && style.boxShadow !== 'none' ? 2 : 0;
    return Math.max(outline, ring);
  });
}

/** Tabs through the page, returning a description of every element focused on the way (stops at `limit`). */
async function tabThrough(page: Page, limit: number) {
  const seen: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const description = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return 'body';
      const label = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
      return `${element.tagName.toLowerCase()}:${label}`;
    });
    seen.push(description);
  }
  return seen;
}

async function signIn(page: Page, account: { email: string; password: string }) {
  const tokens = await apiSignIn(page.request, account);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
}

async function expectFocused(page: Page, locator: Locator) {
  await expect(locator).toBeFocused();
  expect(await focusRingWidth(page), 'a visible focus ring').toBeGreaterThanOrEqual(2);
}

for (const [route, account] of [
  ['/', undefined],
  ['/dashboard', DEMO_CUSTOMER],
  ['/admin', DEMO_ADMIN],
] as const) {
  test(`${route}: the first Tab reaches a visible skip link that moves focus to the main content`, async ({ page }) => {
    if (account) await signIn(page, account);
    await gotoInLanguage(page, route, 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expectFocused(page, skip);
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab goes on from the main content (into it, or past it), never back to the navigation before it.
    await page.keyboard.press('Tab');
    const afterSkip = await page.evaluate(() => {
      const main = document.querySelector('main');
      const active = document.activeElement;
      if (!main || !active || active === document.body) return 'nowhere';
      if (main.contains(active)) return 'inside';
      return main.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
    });
    expect(['inside', 'after']).toContain(afterSkip);
  });
}

test('the home page tabs in reading order with a focus ring on every stop', async ({ page }) => {
  // Every stop on the page is pressed to and measured: more than the default budget on a busy machine.
  test.slow();
  await gotoInLanguage(page, '/', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const seen: string[] = [];
  let previousTop = -Infinity;
  let backwards = 0;
  for (let i = 0; i < 80; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return undefined;
      const box = element.getBoundingClientRect();
      return { top: box.top + window.scrollY, name: `${element.tagName}:${element.textContent?.trim().slice(0, 30)}` };
    });
    if (!stop) break;
    seen.push(stop.name);
    expect(await focusRingWidth(page), `focus ring on ${stop.name}`).toBeGreaterThanOrEqual(2);
    // Reading order: after the header, each stop sits no higher than the previous one (a little slack for rows).
    if (i > 12 && stop.top + 80 < previousTop) backwards += 1;
    previousTop = stop.top;
  }
  expect(seen.length).toBeGreaterThan(20);
  expect(backwards, `stops that jump back up the page: ${seen.join(' → ')}`).toBeLessThanOrEqual(1);
});

test('no keyboard trap: tabbing long enough on the contact form leaves the page and comes back to the top', async ({
  page,
}) => {
  // 120 key presses, each read back from the page: more than the default budget on a busy two-core machine.
  test.slow();
  await gotoInLanguage(page, '/contact', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const stops = await tabThrough(page, 120);
  // Focus reached the footer's links and then the browser itself (body) or wrapped to the skip link again.
  const footerLinkIndex = stops.findIndex((stop) => stop.startsWith('a:Privacy'));
  expect(footerLinkIndex, stops.join(' → ')).toBeGreaterThan(0);
  const wrapped = stops
    .slice(footerLinkIndex)
    .some((stop) => stop === 'body' || stop.startsWith('a:Skip to main content'));
  expect(wrapped, stops.join(' → ')).toBe(true);
});

test('the language switcher works by keyboard: Enter opens, Tab reaches a language, Escape closes and returns focus', async ({
  page,
}) => {
  await gotoInLanguage(page, '/', 'en');
  const header = page.getByRole('banner');
  const switcher = header.getByRole('button', { name: /Language: English/ });
  await switcher.focus();
  await page.keyboard.press('Enter');
  const russian = header.getByRole('button', { name: 'Русский' });
  await expect(russian).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(russian).toBeHidden();
  await expect(switcher).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(russian).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test('the dashboard drawer on a phone: Escape closes it and gives focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO_CUSTOMER);
  await gotoInLanguage(page, '/dashboard', 'en');
  const button = page.getByRole('button', { name: 'Open menu' });
  const drawerId = await button.getAttribute('aria-controls');
  await button.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Tab');
  expect(
    await focused(page).evaluate((element, id) => element.closest(`[id="${id}"]`) !== null, drawerId),
    'focus moves into the drawer',
  ).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});

test('with reduced motion asked for, nothing animates or scrolls smoothly', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await gotoInLanguage(page, '/', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const longest = await page.evaluate(() => {
    let max = 0;
    for (const element of Array.from(document.querySelectorAll('*'))) {
      const style = getComputedStyle(element);
      for (const value of [...style.transitionDuration.split(','), ...style.animationDuration.split(',')]) {
        const seconds = value.trim().endsWith('ms') ? parseFloat(value) / 1000 : parseFloat(value);
        if (!Number.isNaN(seconds)) max = Math.max(max, seconds);
      }
    }
    return { max, scroll: getComputedStyle(document.documentElement).scrollBehavior };
  });
  expect(longest.max).toBeLessThan(0.01);
  expect(longest.scroll).toBe('auto');
});

test('robots.txt keeps crawlers off private areas and the icon is served', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain('Disallow: /dashboard');
  expect(text).toContain('Disallow: /admin');
  const icon = await request.get('/favicon.svg');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
});
