import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { apiSignIn, DEMO_ADMIN, DEMO_CUSTOMER, storeTokens } from './support/auth';
import type { Lang } from './support/demo';
import { expect, gotoInLanguage, test } from './support/fixtures';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PASSWORD = 'a long enough password 42';

/**
 * The operator journeys of issue 31 (docs/decisions/048-operator-journeys.md), in both languages: staff land in
 * the back office after signing in, customers on their dashboard, and a return address still wins; risky row
 * actions sit in a menu and are confirmed with a reason; the audit log names its records; a server over its limits
 * says so, and its Monitor chart reads at every period with the keyboard.
 */

const FORM: Record<Lang, { email: string; password: string; submit: string; admin: string }> = {
  en: { email: 'Email', password: 'Password', submit: 'Sign in', admin: 'Overview' },
  ru: {
    email: 'Электронная почта',
    password: 'Пароль',
    submit: 'Войти',
    admin: 'Обзор',
  },
};

async function signIn(page: Page, lang: Lang, account: { email: string; password: string }) {
  const form = FORM[lang];
  await page.getByLabel(form.email).fill(account.email);
  await page.getByLabel(form.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: form.submit, exact: true }).click();
}

for (const lang of ['en', 'ru'] as const) {
  test(`staff land in the back office after signing in, customers on the dashboard (${lang})`, async ({ page }) => {
    await gotoInLanguage(page, '/login', lang);
    await signIn(page, lang, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/admin(\?lng=\w+)?$/);
    // The page then speaks the administrator's own language (their saved preference: English in the demo).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORM.en.admin);
    // A fresh browser for the customer. The app is left first: the overview asks for its charts' figures only once
    // its own answer has rendered (a second or more after the heading shows, on a busy machine), and a request the
    // page sends after the tokens are wiped goes without one and logs a 401. Waiting for 'networkidle' here did not
    // prevent it: the sign-in moved within one document, whose load states were all reached on /login already.
    await page.goto('/robots.txt');
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await gotoInLanguage(page, '/login', lang);
    await signIn(page, lang, DEMO_CUSTOMER);
    await expect(page).toHaveURL(/\/dashboard(\?lng=\w+)?$/);
  });

  test(`a return address wins over the back office for staff (${lang})`, async ({ page }) => {
    await gotoInLanguage(page, '/dashboard/finance', lang);
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, lang, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/dashboard\/finance(\?lng=\w+)?$/);
  });
}

/** A server of its own, over its limits: capacity 1 with two services placed and a sample at 97 % CPU. */
async function overloadedServer(request: APIRequestContext): Promise<string> {
  const admin = await apiSignIn(request, DEMO_ADMIN);
  const name = `e2e-over-${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/admin/servers', {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: {
      name,
      location: 'london',
      type: 'dedicated',
      ip: `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      capacity: 1,
      specs: { cpuModel: 'Test CPU', cpuCores: 8, ramGb: 32, storageGb: 1000, bandwidthGbps: 1 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const db = new SQLite(path.join(process.env.E2E_DATA_DIR!, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const owner = db.prepare('select id from users where email = ?').get(DEMO_ADMIN.email) as { id: string };
    const now = Date.now();
    for (let i = 0; i < 2; i += 1) {
      db.prepare(
        `insert into services (id, user_id, kind, plan_id, name, server_id, status, price_cents, billing_period,
           expires_at, auto_renew, created_at, updated_at)
         values (?, ?, 'dedicated', 'dedicated-entry', ?, ?, 'active', 100, 'month', ?, 0, ?, ?)`,
      ).run(randomUUID(), owner.id, `Machine ${i + 1}`, id, now + 30 * DAY, now, now);
    }
    for (let h = 30; h >= 0; h -= 1) {
      db.prepare(
        `insert into server_usage_samples (server_id, taken_at, cpu_percent, memory_percent, storage_percent,
           bandwidth_percent, up) values (?, ?, ?, 60, 50, 20, 1)`,
      ).run(id, now - h * HOUR, h === 0 ? 97 : 40 + (h % 7));
    }
  } finally {
    db.close();
  }
  return name;
}

async function signInAsAdmin(page: Page) {
  const tokens = await apiSignIn(page.request, DEMO_ADMIN);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
}

/** Registers a customer through the API; answers its id, e-mail and name. */
async function newCustomer(request: APIRequestContext, firstName: string) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const response = await request.post('/api/auth/register', {
    data: { firstName, lastName: 'Tester', email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, email, name: `${firstName} Tester` };
}

const TEXTS = {
  en: {
    menu: (name: string) => `Actions for ${name}`,
    suspend: 'Suspend',
    suspendTitle: (name: string) => `Suspend ${name}?`,
    reason: 'Reason',
    suspendSubmit: 'Suspend account',
    suspended: (name: string) => `${name} is suspended: the account cannot sign in and its sessions have ended.`,
    delete: 'Delete',
    edit: 'Edit',
    users: 'Users',
    audit: 'Audit log',
    action: 'Action',
    suspendAction: 'Account suspended',
    statusWords: 'status: Suspended',
    record: (name: string) => `Account: ${name}`,
    overLimits: 'Over limits',
    overText: '2 services placed on a server for 1',
    cpuText: /CPU at 97\s?% \(limit 90\s?%\)/,
    select: (name: string) => `Select ${name}`,
    selected: '2 selected',
    bulkTitle: 'Suspend 2 accounts?',
    bulkSubmit: 'Suspend (2)',
    report: 'Bulk action done',
    reportText: '2 rows were done.',
    suspendedWord: 'Suspended',
    monitor: 'Monitor',
    chart: /over time, in percent/,
    time: 'Time:',
    week: 'Last 7 days',
    period: 'Period',
    table: 'Show the figures as a table',
  },
  ru: {
    menu: (name: string) => `Действия: ${name}`,
    suspend: 'Приостановить',
    suspendTitle: (name: string) => `Приостановить учётную запись: ${name}?`,
    reason: 'Причина',
    suspendSubmit: 'Приостановить',
    suspended: (name: string) => `${name}: учётная запись заблокирована, вход невозможен, все сеансы завершены.`,
    delete: 'Удалить',
    edit: 'Изменить',
    users: 'Пользователи',
    audit: 'Журнал аудита',
    action: 'Действие',
    suspendAction: 'Учётная запись заблокирована',
    statusWords: 'статус: Приостановлен',
    record: (name: string) => `Учётная запись: ${name}`,
    overLimits: 'Превышены лимиты',
    overText: 'Размещено услуг: 2, вместимость сервера: 1',
    cpuText: /Процессор: 97\s%\s\(лимит 90\s%\)/,
    select: (name: string) => `Выбрать: ${name}`,
    selected: 'Выбрано: 2',
    bulkTitle: 'Приостановить 2 учётные записи?',
    bulkSubmit: 'Приостановить (2)',
    report: 'Массовое действие выполнено',
    reportText: 'Выполнено: 2.',
    suspendedWord: 'Приостановлен',
    monitor: 'Мониторинг',
    chart: /во времени, в процентах/,
    time: 'Время:',
    week: 'Последние 7 дней',
    period: 'Период',
    table: 'Показать данные таблицей',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  const text = TEXTS[lang];

  test(`a user's risky actions are in a keyboard menu, suspending asks for a reason kept in the audit log (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const customer = await newCustomer(page.request, `Menu${lang}`);
    await signInAsAdmin(page);
    await gotoInLanguage(page, `/admin/users?q=${encodeURIComponent(customer.email)}`, lang);
    const row = page.getByRole('table', { name: text.users }).getByRole('row').filter({ hasText: customer.email });
    // One everyday button and the menu, side by side on one line; no red Delete in the row.
    const edit = row.getByRole('button', { name: `${text.edit} ${customer.name}` });
    const menu = row.getByRole('button', { name: text.menu(customer.name) });
    await expect(menu).toHaveAttribute('aria-haspopup', 'menu');
    await expect(row.getByRole('button', { name: new RegExp(`^${text.delete}`) })).toHaveCount(0);
    const [editBox, menuBox] = [await edit.boundingBox(), await menu.boundingBox()];
    expect(Math.abs(editBox!.y - menuBox!.y)).toBeLessThan(4);

    await menu.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: text.suspend })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: text.delete })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(menu).toBeFocused();

    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: text.suspend }).click();
    const dialog = page.getByRole('dialog', { name: text.suspendTitle(customer.name) });
    await dialog.getByRole('button', { name: text.suspendSubmit }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: text.reason }).fill('Chargeback under review');
    await dialog.getByRole('button', { name: text.suspendSubmit }).click();
    await expect(page.getByRole('status').filter({ hasText: text.suspended(customer.name) })).toBeVisible();

    // The audit log names the account, links to it, says the status in words and keeps the reason.
    await gotoInLanguage(page, '/admin/audit', lang);
    await page.getByRole('combobox', { name: text.action }).selectOption({ label: text.suspendAction });
    // The customer's own entries (the e-mail verified) show until the filter's answer arrives: take the suspension's.
    const entry = page
      .getByRole('table', { name: text.audit })
      .getByRole('row')
      .filter({ hasText: customer.email })
      .filter({ hasText: text.suspendAction });
    await expect(entry).toContainText(text.record(customer.name));
    await expect(entry).toContainText(text.statusWords);
    await expect(entry).toContainText('Chargeback under review');
    await expect(entry).not.toContainText(customer.id);
    await expect(entry.getByRole('link', { name: customer.name })).toHaveAttribute(
      'href',
      `/admin/users?q=${encodeURIComponent(customer.email)}`,
    );
    const wordBreaks = await entry
      .locator('td, th, p')
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).wordBreak));
    expect(wordBreaks).not.toContain('break-all');
  });

  test(`a server over its limits says so, and its Monitor chart reads with the keyboard (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const name = await overloadedServer(page.request);
    await signInAsAdmin(page);
    await gotoInLanguage(page, `/admin/servers?q=${name}`, lang);
    const card = page.getByRole('article', { name });
    await expect(card.getByText(text.overLimits, { exact: true })).toBeVisible();
    await expect(card).toContainText(text.overText);
    await expect(card).toContainText(text.cpuText);

    await card.getByRole('button', { name: new RegExp(`^${text.monitor}`) }).click();
    const dialog = page.getByRole('dialog');
    const chart = dialog.getByRole('img', { name: text.chart });
    await expect(chart).toBeVisible();
    const legend = dialog.getByTestId('usage-legend');
    await expect(legend).toContainText(text.time);
    await expect(legend).toContainText(/97\s?%/);
    if (lang === 'ru') await expect(dialog).not.toContainText('Time:');
    await chart.focus();
    await page.keyboard.press('Home');
    await expect(legend).not.toContainText(/97\s?%/);
    await page.keyboard.press('End');
    await expect(legend).toContainText(/97\s?%/);
    await dialog.getByLabel(text.period).selectOption({ label: text.week });
    await expect(legend).toContainText(text.time);
    await dialog.getByText(text.table).click();
    await expect(dialog.getByRole('table').getByRole('row')).not.toHaveCount(1);
  });

  test(`ticked users are suspended in bulk with one confirmation and a report (${lang})`, async ({ page }) => {
    test.setTimeout(60_000);
    // Letters only: a name takes no digits.
    const tag = `Bulk${lang}${randomUUID()
      .slice(0, 8)
      .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`;
    const first = await newCustomer(page.request, `${tag}a`);
    const second = await newCustomer(page.request, `${tag}b`);
    await signInAsAdmin(page);
    await gotoInLanguage(page, `/admin/users?q=${tag}`, lang);
    const table = page.getByRole('table', { name: text.users });
    await expect(table.getByRole('row')).toHaveCount(3);
    for (const customer of [first, second]) {
      await table.getByRole('checkbox', { name: text.select(customer.name) }).check();
    }
    const bar = page.getByRole('region', { name: lang === 'en' ? 'Selected rows' : 'Выбранные строки' });
    await expect(bar).toContainText(text.selected);
    await bar.getByRole('button', { name: text.suspend, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text.bulkTitle });
    await dialog.getByRole('textbox', { name: text.reason }).fill('Spam wave from these accounts');
    await dialog.getByRole('button', { name: text.bulkSubmit }).click();
    const report = page.getByRole('dialog', { name: text.report });
    await expect(report).toContainText(text.reportText);
    await report.getByRole('button').first().click();
    for (const customer of [first, second]) {
      await expect(table.getByRole('row').filter({ hasText: customer.email })).toContainText(text.suspendedWord);
    }
  });
}
