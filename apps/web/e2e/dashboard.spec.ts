import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiSignIn, DEMO_CUSTOMER, storeTokens } from './support/auth';
import { expect, gotoInLanguage, test } from './support/fixtures';

/**
 * The customer dashboard of docs/product/screens.md, signed in as the demo customer: every route in both languages
 * with the content it lists, the sidebar's user block, navigation through the tiles and the sidebar, the
 * notifications' View all link, phones (360 px, the menu button) and an accessibility scan of every screen.
 * The `page` fixture fails on any console error, so a missing translation fails here too.
 */
type Lang = 'en' | 'ru';
interface RouteCase {
  path: string;
  h1: Record<Lang, string | RegExp>;
  texts: Record<Lang, string[]>;
}

const GREETING = {
  en: /^Good (morning|afternoon|evening), Alex$/,
  ru: /^(Доброе утро|Добрый день|Добрый вечер), Alex$/,
};

const ROUTES: RouteCase[] = [
  {
    path: '/dashboard',
    h1: GREETING,
    texts: {
      en: ['Hosting services', 'Registered domains', 'Recent activity', 'Quick actions', 'Expiring soon', '$125.50'],
      ru: ['Услуги хостинга', 'Последние события', 'Быстрые действия', 'Скоро истекают', '125,50 $'],
    },
  },
  {
    path: '/dashboard/hosting',
    h1: { en: 'Hosting', ru: 'Хостинг' },
    texts: {
      en: ['mysite.com', 'Pro plan', 'Server status', 'File Manager', 'Expires Mar 15, 2027', '23.4 of 50 GB (47%)'],
      ru: ['тариф Pro', 'Состояние сервера', 'Действует до 15 мар. 2027 г.', '23,4 из 50 ГБ (47 %)'],
    },
  },
  {
    path: '/dashboard/domains',
    h1: { en: 'Domains', ru: 'Домены' },
    texts: {
      en: ['old-project.io', 'Expired', 'Manage DNS', 'Oct 1, 2026'],
      ru: ['old-project.io', 'Истёк', 'Настроить DNS', '1 окт. 2026 г.'],
    },
  },
  {
    path: '/dashboard/services',
    h1: { en: 'Services', ru: 'Услуги' },
    texts: { en: ['SSL certificate', '$29.99 a year'], ru: ['SSL-сертификат', '29,99 $ в год'] },
  },
  {
    path: '/dashboard/finance',
    h1: { en: 'Billing', ru: 'Финансы' },
    texts: {
      en: ['$125.50', '-$9.99', '+$50.00', 'INV-2026-0142', 'Payment history', 'Download statement'],
      ru: ['125,50 $', '-9,99 $', 'История платежей', 'Скачать выписку', '15 нояб. 2026 г.'],
    },
  },
  {
    path: '/dashboard/support',
    h1: { en: 'Support', ru: 'Поддержка' },
    texts: {
      en: ['Create Ticket', 'Knowledge base', 'Popular articles', 'Answered'],
      ru: ['Создать обращение', 'База знаний', 'Популярные статьи', 'Есть ответ', '12 840 просмотров'],
    },
  },
  {
    path: '/dashboard/notifications',
    h1: { en: 'Notifications', ru: 'Уведомления' },
    texts: {
      en: ['2 unread notifications', 'Domain expires soon', 'Welcome to HostPilot'],
      ru: ['2 непрочитанных уведомления', 'Домен скоро истекает'],
    },
  },
  {
    path: '/dashboard/settings',
    h1: { en: 'Settings', ru: 'Настройки' },
    texts: {
      en: ['Profile', 'Change password', 'Two-factor sign-in', 'Marketing communications'],
      ru: ['Профиль', 'Сменить пароль', 'Двухфакторная аутентификация', 'Рекламные рассылки'],
    },
  },
];

const SIDEBAR = [
  { en: 'Overview', ru: 'Обзор', path: '/dashboard', h1: GREETING.en },
  { en: 'Hosting', ru: 'Хостинг', path: '/dashboard/hosting', h1: 'Hosting' },
  { en: 'Domains', ru: 'Домены', path: '/dashboard/domains', h1: 'Domains' },
  { en: 'Services', ru: 'Услуги', path: '/dashboard/services', h1: 'Services' },
  { en: 'Billing', ru: 'Финансы', path: '/dashboard/finance', h1: 'Billing' },
  { en: 'Support', ru: 'Поддержка', path: '/dashboard/support', h1: 'Support' },
  { en: 'Notifications', ru: 'Уведомления', path: '/dashboard/notifications', h1: 'Notifications' },
  { en: 'Settings', ru: 'Настройки', path: '/dashboard/settings', h1: 'Settings' },
];

test.beforeEach(async ({ page, request }) => {
  const tokens = await apiSignIn(request, DEMO_CUSTOMER);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

for (const lang of ['en', 'ru'] as const) {
  test.describe(`every dashboard route in ${lang}`, () => {
    for (const route of ROUTES) {
      test(`${route.path} shows its heading and content`, async ({ page }) => {
        await gotoInLanguage(page, route.path, lang);
        await expect(h1(page)).toHaveText(route.h1[lang]);
        await expect(h1(page)).toHaveCount(1);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        for (const text of route.texts[lang]) {
          await expect(page.getByText(text, { exact: false }).first(), text).toBeVisible();
        }
      });
    }
  });
}

test.describe('sidebar', () => {
  test('shows the user block: avatar letter, first and last name, e-mail; no Admin Panel for a customer', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const block = page.getByRole('region', { name: 'Signed in as' });
    await expect(block).toContainText('Alex Morgan');
    await expect(block).toContainText('demo@example.com');
    await expect(block.locator('[aria-hidden="true"]').first()).toHaveText('A');
    await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Language: English/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  test('links to every dashboard page and marks the current one', async ({ page }) => {
    await page.goto('/dashboard/settings');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const item of SIDEBAR) {
      const link = nav.getByRole('link', { name: item.en, exact: true });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${item.path}$`));
      await expect(h1(page)).toHaveText(item.h1);
      await expect(link).toHaveAttribute('aria-current', 'page');
    }
  });

  test('switches the language in place', async ({ page }) => {
    await page.goto('/dashboard/domains');
    await page.getByRole('button', { name: /^Language: English/ }).click();
    await page.getByRole('button', { name: 'Русский' }).click();
    await expect(h1(page)).toHaveText('Домены');
    const nav = page.getByRole('navigation', { name: 'Личный кабинет' });
    for (const item of SIDEBAR) await expect(nav.getByRole('link', { name: item.ru, exact: true })).toBeVisible();
  });

  test('signs out to the home page', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('dashboard home', () => {
  const TILES = [
    { name: /^Hosting 2/, path: '/dashboard/hosting', h1: 'Hosting' },
    { name: /^Domains 3/, path: '/dashboard/domains', h1: 'Domains' },
    { name: /^Services 1/, path: '/dashboard/services', h1: 'Services' },
    { name: /^Tickets 0/, path: '/dashboard/support', h1: 'Support' },
  ];

  for (const tile of TILES) {
    test(`the ${tile.h1} tile leads to ${tile.path}`, async ({ page }) => {
      await page.goto('/dashboard');
      await page.getByRole('list', { name: 'Your account in numbers' }).getByRole('link', { name: tile.name }).click();
      await expect(page).toHaveURL(new RegExp(`${tile.path}$`));
      await expect(h1(page)).toHaveText(tile.h1);
    });
  }

  test('notifications: unread ones are marked, and View all opens every notification', async ({ page }) => {
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByRole('listitem')).toHaveCount(3);
    await expect(panel.locator('li[data-unread="true"]')).toHaveCount(2);
    await panel.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/dashboard\/notifications$/);
    await expect(h1(page)).toHaveText('Notifications');
    await expect(page.getByRole('region', { name: 'All notifications' }).getByRole('listitem')).toHaveCount(5);
  });

  test('Renew Now answers honestly in a dialog, closed by Escape with focus back on the button', async ({ page }) => {
    await page.goto('/dashboard');
    const renew = page.getByRole('button', { name: 'Renew Now: Domain myblog.net' });
    await renew.click();
    const dialog = page.getByRole('dialog', { name: 'Renew myblog.net' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('not available in the online dashboard yet');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(renew).toBeFocused();
  });
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  for (const lang of ['en', 'ru'] as const) {
    test(`no page or table scrolls sideways (${lang})`, async ({ page }) => {
      for (const route of ROUTES) {
        await gotoInLanguage(page, route.path, lang);
        await expect(h1(page)).toHaveText(route.h1[lang]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${route.path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        // Domains, transactions, invoices and tickets stack their rows into cards: no table scrolls sideways
        // in its box either, so every row's actions are in view.
        for (const table of await page.getByRole('main').getByRole('table').all()) {
          const hidden = await table.evaluate((element) => {
            const region = element.parentElement!;
            return region.scrollWidth - region.clientWidth;
          });
          expect(hidden, `${route.path}: a table scrolls sideways by ${hidden}px`).toBeLessThanOrEqual(0);
        }
      }
    });
  }

  test('the sidebar hides behind the menu button, which opens it and closes on navigation', async ({ page }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav).toBeHidden();
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(page.getByRole('region', { name: 'Signed in as' })).toContainText('Alex Morgan');
    await nav.getByRole('link', { name: 'Domains', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/domains$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const route of ROUTES) {
    test(`${route.path} has no violations`, async ({ page }) => {
      await page.goto(route.path);
      await expect(h1(page)).toHaveText(route.h1.en);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }

  test('an open "not available yet" dialog has no violations', async ({ page }) => {
    await page.goto('/dashboard/hosting');
    await page.getByRole('button', { name: 'Add New' }).click();
    await expect(page.getByRole('dialog', { name: 'Add a hosting service' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
