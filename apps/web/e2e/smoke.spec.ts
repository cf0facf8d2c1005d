import { allowConsoleErrors, allowNotFoundStatus, expect, test } from './support/fixtures';

test('the home page renders in Chromium with its title and landmarks', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('HostPilot — Web Hosting & Domain Registration');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('/api/health answers with the database status', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up', kind: 'sqlite' } });
});

test('an unknown /api path gives a JSON 404', async ({ request }) => {
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'No route for GET /api/no-such-endpoint' },
  });
});

test('an unknown page route shows the not-found page, with status 404', async ({ page }) => {
  allowNotFoundStatus();
  const response = await page.goto('/this/page/does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle(/Page Not Found/);
});

test('the app is served with a strict Content-Security-Policy', async ({ page }) => {
  allowConsoleErrors(/Content Security Policy/);
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  // An inline script injected into the page must be refused by the browser.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
});
