import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiSignIn, DEMO_ADMIN, DEMO_CUSTOMER, storeTokens } from './support/auth';
import { budgetForPages, expect, gotoInLanguage, test } from './support/fixtures';
import { verifyEmail } from './support/outbox';
import { LANGUAGES, type Language } from './support/routes';

/**
 * Issue 31, the look of a brand (docs/decisions/054-charts-and-the-look-of-a-brand.md): the back office's and the
 * customer's charts drawn from the API with their tables for screen readers, the first-run checklist ticking from
 * the account, and quick actions that fit what the account owns; in English and Russian.
 */

const TEXT = {
  en: {
    trends: 'Trends',
    charts: ['Revenue', 'New customers', 'Orders', 'Tickets opened', 'Server load'],
    sevenDays: '7 days',
    spending: 'Spending',
    usage: 'Hosting usage',
    checklist: 'Get started',
    verify: 'Verify your e-mail',
    progress: (done: number) => `${done} of 4 steps done`,
    hide: 'Hide the checklist',
    renewDomain: 'Renew a domain',
    registerDomain: 'Register a domain',
    upgradeHosting: 'Upgrade hosting',
    orderHosting: 'Order hosting',
    gb: (value: string) => `${value} GB`,
  },
  ru: {
    trends: 'Динамика',
    charts: ['Выручка', 'Новые клиенты', 'Заказы', 'Новые обращения', 'Загрузка серверов'],
    sevenDays: '7 дней',
    spending: 'Расходы',
    usage: 'Использование хостинга',
    checklist: 'С чего начать',
    verify: 'Подтвердите e-mail',
    progress: (done: number) => `Выполнено ${done} из 4`,
    hide: 'Скрыть список первых шагов',
    renewDomain: 'Продлить домен',
    registerDomain: 'Зарегистрировать домен',
    upgradeHosting: 'Улучшить хостинг',
    orderHosting: 'Заказать хостинг',
    gb: (value: string) => `${value} ГБ`,
  },
} satisfies Record<Language, unknown>;

const LOCALES: Record<Language, string> = { en: 'en-US', ru: 'ru-RU' };

async function signIn(
  page: Page,
  request: Parameters<typeof apiSignIn>[0],
  account: { email: string; password: string },
) {
  const tokens = await apiSignIn(request, account);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
  return tokens.access_token;
}

/** A chart's panel: its heading names it; its table (for screen readers) holds one row per point. */
const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

for (const lang of LANGUAGES) {
  test(`the admin overview draws revenue, customers, orders, tickets and load per day from the API (${lang})`, async ({
    page,
    request,
  }) => {
    budgetForPages(2);
    const text = TEXT[lang];
    const token = await signIn(page, request, DEMO_ADMIN);
    await gotoInLanguage(page, '/admin', lang);
    await expect(page.getByRole('heading', { name: text.trends, level: 2 })).toBeVisible();
    const answer = (await (
      await request.get('/api/admin/overview/trends?days=30', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { days: { day: string; revenue: { amountMinor: number }; newCustomers: number }[] };
    for (const title of text.charts) {
      const panel = chart(page, title);
      // A chart is drawn once its panel comes near the screen (apps/web/src/components/charts/chart-panel.tsx).
      await panel.scrollIntoViewIfNeeded();
      await expect(panel.locator('canvas').first()).toBeVisible();
      await expect(panel.getByRole('table', { includeHidden: true })).toHaveCount(1);
      await expect(panel.locator('tbody tr')).toHaveCount(30);
    }
    // The revenue table says each day's completed payments as the API counts them, in the reader's money.
    const revenueRows = chart(page, text.charts[0]!).locator('tbody tr');
    const money = new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD' });
    for (const at of [0, 15, 29]) {
      await expect(revenueRows.nth(at).locator('td')).toHaveText(
        money.format(answer.days[at]!.revenue.amountMinor / 100),
      );
    }
    const customers = chart(page, text.charts[1]!).locator('tbody tr').nth(29).locator('td');
    await expect(customers).toHaveText(String(answer.days[29]!.newCustomers));
    // Another period asks again and redraws.
    await page.getByRole('button', { name: text.sevenDays }).click();
    await expect(page.getByRole('button', { name: text.sevenDays })).toHaveAttribute('aria-pressed', 'true');
    await expect(chart(page, text.charts[2]!).locator('tbody tr')).toHaveCount(7);
  });

  test(`the customer's dashboard shows spending by month and hosting usage by day (${lang})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[lang];
    const token = await signIn(page, request, DEMO_CUSTOMER);
    await gotoInLanguage(page, '/dashboard', lang);
    const answer = (await (
      await request.get('/api/dashboard/trends', { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { usage: { storageUsedMb: number | null }[] };
    const spending = chart(page, text.spending);
    await expect(spending.locator('canvas').first()).toBeVisible();
    await expect(spending.locator('tbody tr')).toHaveCount(12);
    const usage = chart(page, text.usage);
    await expect(usage.locator('canvas').first()).toBeVisible();
    await expect(usage.locator('tbody tr')).toHaveCount(30);
    const storage = Math.round((answer.usage[29]!.storageUsedMb! / 1024) * 10) / 10;
    await expect(usage.locator('tbody tr').nth(29).locator('td').first()).toHaveText(
      text.gb(new Intl.NumberFormat(LOCALES[lang]).format(storage)),
    );
    // The demo customer owns domains and hosting: the quick actions are the ones for them.
    await expect(page.getByRole('link', { name: text.renewDomain })).toBeVisible();
    await expect(page.getByRole('link', { name: text.upgradeHosting })).toBeVisible();
    await expect(page.getByRole('link', { name: text.registerDomain })).toHaveCount(0);
    // Everything on the checklist is done for the demo customer, so it is not shown.
    await expect(page.getByRole('heading', { name: text.checklist })).toHaveCount(0);
  });

  test(`a new customer's checklist ticks from the account and stays hidden once dismissed (${lang})`, async ({
    page,
    request,
  }) => {
    budgetForPages(3);
    const text = TEXT[lang];
    const account = {
      firstName: 'Nova',
      lastName: 'Starter',
      email: `first-run-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Plum-Kettle-Harbour-42',
    };
    const registered = await request.post('/api/auth/register', { data: account });
    expect(registered.status()).toBe(201);
    await signIn(page, request, account);
    await gotoInLanguage(page, '/dashboard', lang);
    const checklist = page.getByTestId('getting-started');
    await expect(checklist.getByRole('heading', { name: text.checklist })).toBeVisible();
    await expect(checklist).toContainText(text.progress(0));
    await expect(checklist.locator('[data-step="verifyEmail"]')).toHaveAttribute('data-done', 'false');
    // Nothing owned yet: no renewing a domain or upgrading hosting, but ways to get them.
    await expect(page.getByRole('link', { name: text.renewDomain })).toHaveCount(0);
    await expect(page.getByRole('link', { name: text.upgradeHosting })).toHaveCount(0);
    await expect(page.getByRole('link', { name: text.registerDomain })).toHaveAttribute('href', '/domains');
    await expect(page.getByRole('link', { name: text.orderHosting })).toHaveAttribute('href', '/hosting');

    await verifyEmail(request, account.email);
    await page.reload();
    await expect(checklist.locator('[data-step="verifyEmail"]')).toHaveAttribute('data-done', 'true');
    await expect(checklist).toContainText(text.progress(1));
    await expect(checklist.locator('[data-step="firstOrder"]')).toHaveAttribute('data-done', 'false');

    await checklist.getByRole('button', { name: text.hide }).click();
    await expect(page.getByTestId('getting-started')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: text.spending })).toBeVisible();
    await expect(page.getByTestId('getting-started')).toHaveCount(0);
  });
}

const HOME = {
  en: {
    product: 'Everything about your sites on one screen',
    alt: /^The HostPilot dashboard/,
    cities: ['New York', 'London', 'Frankfurt', 'Singapore'],
    payments: 'Ways to pay',
    methods: ['Account balance', 'Bank transfer', 'Card (test card in this demo)'],
  },
  ru: {
    product: 'Всё о ваших сайтах на одном экране',
    alt: /^Личный кабинет HostPilot/,
    cities: ['Нью-Йорк', 'Лондон', 'Франкфурт', 'Сингапур'],
    payments: 'Способы оплаты',
    methods: ['Баланс аккаунта', 'Банковский перевод', 'Карта (тестовая в этом демо)'],
  },
} satisfies Record<Language, unknown>;

for (const lang of LANGUAGES) {
  test(`the home page shows the real dashboard, the data-centre map and the ways to pay, without chart code (${lang})`, async ({
    page,
  }) => {
    const text = HOME[lang];
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await gotoInLanguage(page, '/', lang);
    const product = page.getByRole('region', { name: text.product });
    const shot = product.getByRole('img', { name: text.alt });
    // Set size (no shift while it loads), lazy below the fold, WebP, the screenshot of the reader's language.
    await expect(shot).toHaveAttribute('width', '1280');
    await expect(shot).toHaveAttribute('height', '800');
    await expect(shot).toHaveAttribute('loading', 'lazy');
    await expect(shot).toHaveAttribute('src', new RegExp(`/assets/dashboard-${lang}-1280-[^/]+\\.webp$`));
    await shot.scrollIntoViewIfNeeded();
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const trust = page.getByTestId('home-trust');
    await trust.scrollIntoViewIfNeeded();
    await expect(
      trust
        .getByRole('list', { name: lang === 'en' ? 'Data-centre cities' : 'Города дата-центров' })
        .getByRole('listitem'),
    ).toHaveText(text.cities);
    const map = trust.locator('img[src*="world-map"]');
    await expect(map).toHaveAttribute('width', '1000');
    await expect
      .poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The end-to-end server runs in demo mode, so the checkout offers the test card too.
    await expect(trust.getByRole('list', { name: text.payments }).getByRole('listitem')).toHaveText(text.methods);
    // The charts' code (and uPlot) stays on the pages that draw charts.
    expect(scripts.filter((url) => /trend-chart|uPlot|uplot/i.test(url))).toEqual([]);
  });
}

/**
 * The illustrations of the marketing pages' heroes (docs/decisions/054-charts-and-the-look-of-a-brand.md): each is a
 * decorative, sized SVG file, drawn on a wide screen and hidden on a phone, where the page's main action (the first
 * plan, the domain search) stays in the first screen.
 */
const ILLUSTRATED = [
  { path: '/hosting', name: 'web-server', action: (page: Page) => firstPlan(page) },
  { path: '/vds', name: 'server-rack', action: (page: Page) => firstPlan(page) },
  {
    path: '/domains',
    name: 'globe',
    action: (page: Page, lang: Language) =>
      page.getByRole('button', { name: lang === 'en' ? 'Search' : 'Найти', exact: true }),
  },
] as const;

/** The first plan's card starts with its name: on a phone the card itself fills the first screen, its button below. */
const firstPlan = (page: Page) => page.getByRole('heading', { level: 2 }).first();

for (const lang of LANGUAGES) {
  test(`the hosting, VDS and domains pages show their own illustrations, which leave the main action in a phone's first screen (${lang})`, async ({
    page,
  }) => {
    budgetForPages(6);
    for (const { path, name, action } of ILLUSTRATED) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await gotoInLanguage(page, path, lang);
      const drawing = page.locator(`img[data-illustration="${name}"]`);
      await expect(drawing).toBeVisible();
      await expect(drawing).toHaveAttribute('alt', '');
      await expect(drawing).toHaveAttribute('aria-hidden', 'true');
      await expect(drawing).toHaveAttribute('width', '240');
      await expect(drawing).toHaveAttribute('height', '160');
      await expect(drawing).toHaveAttribute('src', new RegExp(`/assets/${name}-[^/]+\\.svg$`));
      await expect
        .poll(() => drawing.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      // Every hero has its own drawing.
      await expect(page.locator('img[data-illustration]')).toHaveCount(1);

      await page.setViewportSize({ width: 390, height: 844 });
      await gotoInLanguage(page, path, lang);
      await expect(drawing).toBeHidden();
      const main = action(page, lang);
      await expect(main).toBeVisible();
      const box = await main.boundingBox();
      expect(box, `${path}: the main action is laid out`).not.toBeNull();
      expect(box!.y + box!.height, `${path}: the main action is in the first screen`).toBeLessThanOrEqual(844);
    }
  });
}
