import { expect, gotoInLanguage, test } from './support/fixtures';

/** The public header, footer and language switcher of docs/product/screens.md, as a visitor uses them. */

const SERVICE_LINKS = ['Web Hosting', 'Game Servers', 'VDS', 'Dedicated Servers'];

test.describe('Services dropdown', () => {
  test('opens and closes by mouse, and a link navigates and closes it', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: /^Game Servers/ })).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    for (const name of SERVICE_LINKS) {
      await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await nav.getByRole('link', { name: /^Game Servers/ }).click();
    await expect(page).toHaveURL(/\/game-servers$/);
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game servers');
  });

  test('works by keyboard: Enter and Space open, Tab walks the links, Escape closes and returns focus', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');

    for (const name of SERVICE_LINKS) {
      await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes when focus leaves it and when the visitor clicks outside', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Services' });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < SERVICE_LINKS.length + 1; i++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Domains' })).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('language switcher', () => {
  test('closes on an outside click, in the header and the footer', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const switcher = header.getByRole('button', { name: 'Language: English. Change language' });
    await switcher.click();
    await expect(header.getByRole('list', { name: 'Choose a language' })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(header.getByRole('list', { name: 'Choose a language' })).toBeHidden();
    await expect(switcher).toHaveAttribute('aria-expanded', 'false');

    const footer = page.getByRole('contentinfo');
    const footerSwitcher = footer.getByRole('button', { name: 'Language: English. Change language' });
    await footerSwitcher.click();
    await expect(footer.getByRole('list', { name: 'Choose a language' })).toBeVisible();
    await footer.getByText(/All rights reserved/).click();
    await expect(footer.getByRole('list', { name: 'Choose a language' })).toBeHidden();
  });

  test('the choice survives a reload, and ?lng= overrides it', async ({ page }) => {
    await page.goto('/hosting');
    await page.getByRole('banner').getByRole('button', { name: 'Language: English. Change language' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Тарифы виртуального хостинга');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ru');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Тарифы виртуального хостинга');

    await page.goto('/hosting?lng=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shared hosting plans');
  });
});

test.describe('document title', () => {
  test('follows the language: English about web hosting, Russian about hosting', async ({ page }) => {
    await gotoInLanguage(page, '/', 'en');
    await expect(page).toHaveTitle('HostPilot — Web Hosting & Domain Registration');
    await gotoInLanguage(page, '/', 'ru');
    await expect(page).toHaveTitle('HostPilot — хостинг и регистрация доменов');
    await gotoInLanguage(page, '/hosting', 'en');
    await expect(page).toHaveTitle('HostPilot — Web Hosting & Domain Registration | Shared Hosting Plans');
    await gotoInLanguage(page, '/hosting', 'ru');
    await expect(page).toHaveTitle('HostPilot — хостинг и регистрация доменов | Тарифы виртуального хостинга');
  });

  test('changes with the language without a reload', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle(/Web Hosting & Domain Registration \| Contact Us$/);
    await page.getByRole('banner').getByRole('button', { name: 'Language: English. Change language' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Русский' }).click();
    await expect(page).toHaveTitle(/хостинг и регистрация доменов/);
  });
});

test.describe('header', () => {
  test('is transparent at the top and solid after scrolling more than 10 px', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute('data-solid', 'false');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-solid', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-solid', 'false');
  });

  test('links to the public pages and the footer holds the links of docs/product/screens.md', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Domains', '/domains'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Blog', '/blog'],
    ] as const) {
      await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');

    const footerHrefs = await page
      .getByRole('contentinfo')
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(footerHrefs)).toEqual(
      new Set(['/', '/hosting', '/domains', '/services', '/about', '/blog', '/contact', '/terms', '/privacy']),
    );
  });
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a menu button opens the same links, and following one closes it', async ({ page }) => {
    await gotoInLanguage(page, '/', 'ru');
    await expect(page.getByRole('navigation', { name: 'Основное меню' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Открыть меню' });
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Меню сайта' });
    await expect(menu).toBeVisible();
    for (const name of [
      'Хостинг',
      'Игровые серверы',
      'VDS',
      'Выделенные серверы',
      'Домены',
      'О нас',
      'Контакты',
      'Блог',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveAttribute('data-solid', 'true');

    await menu.getByRole('link', { name: 'Выделенные серверы' }).click();
    await expect(page).toHaveURL(/\/dedicated$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Выделенные серверы');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Открыть меню' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the menu closes with Escape, focus back on its button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Site menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Site menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});
