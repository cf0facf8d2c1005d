import { DEMO_ADMIN, DEMO_CUSTOMER } from './support/auth';
import type { Lang } from './support/demo';
import { expect, gotoInLanguage, test } from './support/fixtures';

/**
 * The operator journeys of issue 31 (docs/decisions/048-operator-journeys.md), in both languages: staff land in
 * the back office after signing in, customers on their dashboard, and a return address still wins.
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

async function signIn(page: import('@playwright/test').Page, lang: Lang, account: { email: string; password: string }) {
  const form = FORM[lang];
  await page.getByLabel(form.email).fill(account.email);
  await page.getByLabel(form.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: form.submit, exact: true }).click();
}

for (const lang of ['en', 'ru'] as const) {
  test(`staff land in the back office after signing in, customers on the dashboard (${lang})`, async ({ page }) => {
    await gotoInLanguage(page, '/login', lang);
    await signIn(page, lang, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORM[lang].admin);

    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await gotoInLanguage(page, '/login', lang);
    await signIn(page, lang, DEMO_CUSTOMER);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test(`a return address wins over the back office for staff (${lang})`, async ({ page }) => {
    await gotoInLanguage(page, '/dashboard/finance', lang);
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, lang, DEMO_ADMIN);
    await expect(page).toHaveURL(/\/dashboard\/finance$/);
  });
}
