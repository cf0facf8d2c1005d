import { randomUUID } from 'node:crypto';
import { analyzeAxe } from './support/a11y';
import type { Page } from '@playwright/test';
import { findServicePlan, toCents } from '@hostpilot/shared';
import { apiSignIn, DEMO_CUSTOMER, storeTokens } from './support/auth';
import { DEMO_SEED, dateText, daysFromNow, type Lang, moneyText } from './support/demo';
import { allowConsoleErrors, budgetForPages, expect, gotoInLanguage, test } from './support/fixtures';

/**
 * The customer dashboard of docs/product/screens.md over the live API: the demo customer's seeded account
 * (apps/api/src/demo/demo-customer.ts) on every route in both languages, the sidebar's user block, navigation
 * through the tiles and the sidebar, phones (360 px, the menu button) and an accessibility scan of every screen;
 * a newly registered customer's empty pages; a failed read with its Retry.
 * The `page` fixture fails on any console error, so a missing translation fails here too.
 */
interface RouteCase {
  path: string;
  h1: Record<Lang, string | RegExp>;
  texts: Record<Lang, string[]>;
}

const GREETING = {
  en: /^Good (morning|afternoon|evening), Alex$/,
  ru: /^(Доброе утро|Добрый день|Добрый вечер), Alex$/,
};

const balance = (lang: Lang) => moneyText(lang, DEMO_SEED.balanceCents);

const ROUTES: RouteCase[] = [
  {
    path: '/dashboard',
    h1: GREETING,
    texts: {
      en: [
        'Hosting services',
        'Registered domains',
        'Recent activity',
        'Quick actions',
        'Expiring soon',
        balance('en'),
      ],
      ru: ['Услуги хостинга', 'Последние события', 'Быстрые действия', 'Скоро истекают', balance('ru')],
    },
  },
  {
    path: '/dashboard/hosting',
    h1: { en: 'Hosting', ru: 'Хостинг' },
    texts: {
      en: ['mysite.com', 'myblog.net', 'Main website · Business plan', 'Server status', 'web-03.fra', 'File Manager'],
      ru: ['mysite.com', 'Main website · тариф Business', 'Состояние сервера', 'web-03.fra'],
    },
  },
  {
    path: '/dashboard/domains',
    h1: { en: 'Domains', ru: 'Домены' },
    texts: {
      en: [...DEMO_SEED.domains, 'Grace period', 'DNS records', 'Manage'],
      ru: [...DEMO_SEED.domains, 'Льготный период', 'DNS-записи', 'Управление'],
    },
  },
  {
    path: '/dashboard/services',
    h1: { en: 'Services', ru: 'Услуги' },
    texts: {
      en: [DEMO_SEED.extra.name, `${moneyText('en', DEMO_SEED.extra.yearlyCents)} a year`],
      ru: [DEMO_SEED.extra.name, `${moneyText('ru', DEMO_SEED.extra.yearlyCents)} в год`],
    },
  },
  {
    // The demo customer has ordered nothing through checkout (docs/product/ordering.md).
    path: '/dashboard/orders',
    h1: { en: 'Orders', ru: 'Заказы' },
    texts: { en: ['You have no orders yet.', 'Order more'], ru: ['У вас пока нет заказов.', 'Заказать ещё'] },
  },
  {
    path: '/dashboard/finance',
    h1: { en: 'Billing', ru: 'Финансы' },
    texts: {
      en: [balance('en'), '-$9.99', '+$50.00', 'Domain renewal: mysite.com', 'Payment history', 'Download statement'],
      ru: [balance('ru'), '-9,99 $', 'Продление домена: mysite.com', 'История платежей', 'Скачать выписку'],
    },
  },
  {
    path: '/dashboard/support',
    h1: { en: 'Support', ru: 'Поддержка' },
    texts: {
      en: ['Create Ticket', 'Knowledge base', 'Popular articles', 'Answered', ...DEMO_SEED.ticketSubjects],
      ru: ['Создать обращение', 'База знаний', 'Популярные статьи', 'Есть ответ', DEMO_SEED.ticketSubjects[0]],
    },
  },
  {
    path: '/dashboard/notifications',
    h1: { en: 'Notifications', ru: 'Уведомления' },
    texts: {
      en: ['2 unread notifications', 'Domain expires soon', 'Welcome to HostPilot'],
      ru: ['2 непрочитанных уведомления', 'Срок домена скоро истекает', 'Добро пожаловать в HostPilot'],
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
  { en: 'Servers', ru: 'Серверы', path: '/dashboard/servers', h1: 'Servers' },
  { en: 'Domains', ru: 'Домены', path: '/dashboard/domains', h1: 'Domains' },
  { en: 'Services', ru: 'Услуги', path: '/dashboard/services', h1: 'Services' },
  { en: 'Orders', ru: 'Заказы', path: '/dashboard/orders', h1: 'Orders' },
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
    budgetForPages(SIDEBAR.length);
    await page.goto('/dashboard/settings');
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    for (const item of SIDEBAR) {
      // The Notifications link also says how many are unread ("Notifications, 2 unread").
      const link = nav.getByRole('link', { name: new RegExp(`^${item.en}(, \\d+ unread)?$`) });
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
    for (const item of SIDEBAR) {
      await expect(nav.getByRole('link', { name: new RegExp(`^${item.ru}(, \\d+ непрочитанн\\S+)?$`) })).toBeVisible();
    }
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

  test('Renew Now opens the renewal at the catalogue price, closed by Escape with focus back on the button', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const renew = page.getByRole('button', { name: 'Renew Now: Hosting myblog.net' });
    await renew.click();
    const dialog = page.getByRole('dialog', { name: 'Renew' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('myblog.net');
    // The Starter plan, one month: nothing is paid until the button is pressed.
    const month = moneyText('en', toCents(findServicePlan('hosting', 'starter')!.price));
    await expect(dialog.getByRole('combobox', { name: 'Renew for' })).toHaveValue('1');
    await expect(dialog.getByRole('button', { name: `Pay ${month} from balance` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(renew).toBeFocused();
  });
});

test.describe("the demo customer's services, dated from today", () => {
  test('every service expires in the future, on the date the API gives, and the blog within 14 days', async ({
    page,
  }) => {
    const tokens = await apiSignIn(page.request, DEMO_CUSTOMER);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const hosting = (await (await page.request.get('/api/hosting', { headers })).json()) as {
      items: { domain: string; expiresAt: string }[];
    };
    expect(hosting.items.map((service) => service.domain).sort()).toEqual(
      DEMO_SEED.hosting.map((service) => service.domain).sort(),
    );

    await page.goto('/dashboard/hosting');
    for (const seeded of DEMO_SEED.hosting) {
      const service = hosting.items.find((item) => item.domain === seeded.domain)!;
      const days = daysFromNow(service.expiresAt);
      expect(days, `${seeded.domain} expires in the future`).toBeGreaterThan(0);
      // Seeded relative to the server's start a few minutes ago: the day count is the seed's, give or take one.
      expect(
        Math.abs(days - seeded.expiresInDays),
        `${seeded.domain} expires ~${seeded.expiresInDays} days on`,
      ).toBeLessThan(1);
      const card = page.getByRole('article', { name: seeded.domain });
      await expect(card).toContainText(`${seeded.name} · ${seeded.plan} plan`);
      await expect(card).toContainText(`Expires ${dateText('en', service.expiresAt)}`);
    }

    const services = (await (await page.request.get('/api/services', { headers })).json()) as {
      items: { name: string; expiresAt: string }[];
    };
    for (const service of services.items) expect(daysFromNow(service.expiresAt), service.name).toBeGreaterThan(0);

    // The blog's hosting is the one seeded to expire within 14 days: the home page lists it under Expiring soon.
    const blog = hosting.items.find((item) => item.domain === 'myblog.net')!;
    expect(daysFromNow(blog.expiresAt)).toBeLessThan(14);
    await page.goto('/dashboard');
    const expiring = page.getByRole('region', { name: 'Expiring soon' });
    await expect(expiring.getByRole('listitem').filter({ hasText: 'Hosting · expires' })).toContainText(
      `myblog.netHosting · expires ${dateText('en', blog.expiresAt)}`,
    );
    // The domain in its grace period has already expired, and says so.
    await expect(expiring.getByRole('listitem').filter({ hasText: DEMO_SEED.gracePeriodDomain })).toContainText(
      /Domain · expired [A-Z][a-z]{2} \d{1,2}, \d{4}/,
    );
  });

  test('the domains page dates each domain, the one in its grace period in the past', async ({ page }) => {
    const tokens = await apiSignIn(page.request, DEMO_CUSTOMER);
    const domains = (await (
      await page.request.get('/api/domains', { headers: { authorization: `Bearer ${tokens.access_token}` } })
    ).json()) as { items: { name: string; status: string; expiresAt: string }[] };
    await gotoInLanguage(page, '/dashboard/domains', 'ru');
    const table = page.getByRole('table', { name: 'Ваши домены' });
    for (const domain of domains.items) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: domain.name }) });
      await expect(row).toContainText(dateText('ru', domain.expiresAt));
      if (domain.name === DEMO_SEED.gracePeriodDomain) {
        expect(domain.status).toBe('graceperiod');
        expect(daysFromNow(domain.expiresAt)).toBeLessThan(0);
        await expect(row).toContainText('Льготный период');
      } else {
        expect(daysFromNow(domain.expiresAt), domain.name).toBeGreaterThan(0);
      }
    }
  });

  test('billing lists the seeded transactions and invoices, newest first, with the ledger balance', async ({
    page,
  }) => {
    await page.goto('/dashboard/finance');
    await expect(page.getByRole('region', { name: 'Account balance' })).toContainText(balance('en'));
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions.locator('tbody tr')).toHaveCount(DEMO_SEED.transactions);
    await expect(transactions.locator('tbody tr').first()).toContainText('Balance top-up');
    await expect(transactions.locator('tbody tr').first()).toContainText('Pending');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await expect(invoices.locator('tbody tr')).toHaveCount(DEMO_SEED.invoices);
    for (const row of await invoices.getByRole('rowheader').all()) await expect(row).toHaveText(/^INV-\d{4}-\d{4}$/);
  });
});

test.describe('a customer who has just registered', () => {
  test('registers through the form and sees every empty state and a zero balance, in both languages', async ({
    page,
  }) => {
    budgetForPages(2 * ROUTES.length);
    // The beforeEach signed the demo customer in: this visitor starts signed out.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    const email = `empty.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/register');
    await page.getByLabel('First name').fill('Nina');
    await page.getByLabel('Last name').fill('Orlova');
    await page.getByLabel('Last name').blur();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: 'Account Details' })).toBeFocused();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('maple window orbit');
    await page.getByLabel('Confirm password').fill('maple window orbit');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('sidebar-account')).toContainText(email);

    const EMPTY: Record<Lang, Record<string, string[]>> = {
      en: {
        '/dashboard': [
          'Nothing has happened on your account yet.',
          'Nothing expires in the next 30 days.',
          'No notifications',
          moneyText('en', 0),
        ],
        '/dashboard/hosting': ['No hosting services yet'],
        '/dashboard/servers': ['No servers yet'],
        '/dashboard/domains': ['No domains yet'],
        '/dashboard/services': ['No additional services yet'],
        '/dashboard/finance': [moneyText('en', 0), 'No transactions yet.', 'No invoices yet.'],
        '/dashboard/support': ['No tickets yet'],
        '/dashboard/notifications': ['No notifications'],
      },
      ru: {
        '/dashboard': [
          'В вашем аккаунте пока ничего не происходило.',
          'В ближайшие 30 дней ничего не истекает.',
          'Уведомлений нет',
          moneyText('ru', 0),
        ],
        '/dashboard/hosting': ['У вас пока нет хостинга'],
        '/dashboard/servers': ['Серверов пока нет'],
        '/dashboard/domains': ['У вас пока нет доменов'],
        '/dashboard/services': ['У вас пока нет дополнительных услуг'],
        '/dashboard/finance': [moneyText('ru', 0), 'Операций пока нет.', 'Счетов пока нет.'],
        '/dashboard/support': ['Обращений пока нет'],
        '/dashboard/notifications': ['Уведомлений нет'],
      },
    };
    for (const lang of ['en', 'ru'] as const) {
      await gotoInLanguage(page, '/dashboard', lang);
      const tiles = page.getByRole('list', {
        name: lang === 'en' ? 'Your account in numbers' : 'Ваш аккаунт в цифрах',
      });
      await expect(tiles.getByRole('link')).toHaveCount(4);
      for (const tile of await tiles.getByRole('link').all()) await expect(tile).toHaveText(/^\D+0\D+$/);
      for (const [path, texts] of Object.entries(EMPTY[lang])) {
        await gotoInLanguage(page, path, lang);
        await expect(h1(page)).toHaveCount(1);
        for (const text of texts)
          await expect(
            page.getByRole('main').getByText(text, { exact: true }).first(),
            `${path}: ${text}`,
          ).toBeVisible();
        // Nothing of the demo customer's shows up in a new account.
        await expect(page.getByRole('main')).not.toContainText(/mysite\.com|myblog\.net|old-project\.io/);
      }
    }
  });
});

test.describe('a read that fails', () => {
  test('shows the translated error with Retry, and Retry loads the page once the API answers', async ({ page }) => {
    allowConsoleErrors(/status of 503/);
    let failing = true;
    await page.route('**/api/domains?*', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' } }),
          })
        : route.fallback(),
    );
    await gotoInLanguage(page, '/dashboard/domains', 'ru');
    await expect(h1(page)).toHaveText('Домены');
    // The client tries a 503 twice more before it gives up (lib/query-client.ts).
    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить ваши домены' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Сервис временно недоступен. Попробуйте чуть позже.');
    failing = false;
    await alert.getByRole('button', { name: 'Повторить' }).click();
    await expect(page.getByRole('table', { name: 'Ваши домены' })).toContainText(DEMO_SEED.gracePeriodDomain);
    await expect(alert).toHaveCount(0);
  });
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  for (const lang of ['en', 'ru'] as const) {
    test(`no page or table scrolls sideways (${lang})`, async ({ page }) => {
      budgetForPages(ROUTES.length);
      for (const route of ROUTES) {
        await gotoInLanguage(page, route.path, lang);
        await expect(h1(page)).toHaveText(route.h1[lang]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${route.path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        // Domains, transactions, invoices and tickets stack their rows into cards: no table scrolls sideways
        // in its box either, so every row's actions are in view (the charts' tables for screen readers are not drawn).
        for (const table of await page.getByRole('main').locator('table:not(.sr-only)').all()) {
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
      const results = await analyzeAxe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    });
  }

  test('an open Manage dialog has no violations', async ({ page }) => {
    await page.goto('/dashboard/hosting');
    await page
      .getByRole('button', { name: /^Manage / })
      .first()
      .click();
    const manage = page.getByRole('dialog', { name: /^Manage / });
    await expect(manage.getByRole('group', { name: 'Change plan' })).toBeVisible();
    const results = await analyzeAxe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
