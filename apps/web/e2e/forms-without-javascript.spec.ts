import { randomUUID } from 'node:crypto';
import { storedTokens } from './support/auth';
import { registerCustomer } from './support/demo';
import { allowConsoleErrors, appReady, expect, test } from './support/fixtures';
import { waitForMail } from './support/outbox';

/**
 * Sign-in and the password reset work before any script runs (docs/decisions/070-forms-that-work-before-the-app.md):
 * the prerendered forms post to the API; a sign-in lands on the dashboard, whose app takes the session over from the
 * one-time hand-off cookie once it runs.
 */

const PASSWORD = 'a long enough password 42';

const TEXT = {
  en: {
    email: 'Email',
    password: 'Password',
    remember: 'Remember me',
    signIn: 'Sign in',
    invalid: 'Invalid credentials',
    forgotSubmit: 'Send the link',
    sent: 'Check your inbox',
  },
  ru: {
    email: 'Электронная почта',
    password: 'Пароль',
    remember: 'Запомнить меня',
    signIn: 'Войти',
    invalid: 'Неверный e-mail или пароль',
    forgotSubmit: 'Отправить ссылку',
    sent: 'Проверьте почту',
  },
} as const;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const language of ['en', 'ru'] as const) {
    const text = TEXT[language];

    test(`${language}: signs in, and the app takes the session over on the dashboard`, async ({
      page,
      request,
      browser,
    }, testInfo) => {
      const account = {
        firstName: 'Vera',
        lastName: 'Nojs',
        email: `nojs-${randomUUID().slice(0, 8)}@example.com`,
        password: PASSWORD,
      };
      await registerCustomer(request, account);
      // The refused sign-in's page comes with its status, 401, which the browser logs.
      allowConsoleErrors(/status of 401/);

      await page.goto(`/login?lng=${language}`);
      await page.getByRole('textbox', { name: text.email }).fill(account.email);
      await page.getByLabel(text.password, { exact: true }).fill('not the password');
      await page.getByRole('button', { name: text.signIn, exact: true }).click();
      // Refused: the page again, saying why, the e-mail kept and the password not.
      await expect(page.getByRole('alert')).toContainText(text.invalid);
      await expect(page.getByRole('textbox', { name: text.email })).toHaveValue(account.email);
      await expect(page.getByLabel(text.password, { exact: true })).toHaveValue('');

      await page.getByLabel(text.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('checkbox', { name: text.remember }).check();
      await page.getByRole('button', { name: text.signIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard\\?lng=${language}$`));

      // The browser that signed in starts its scripts: the same cookies in a context with JavaScript.
      const withScripts = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
      await withScripts.addCookies(await page.context().cookies());
      const app = await withScripts.newPage();
      await app.goto(`/dashboard?lng=${language}`);
      await appReady(app);
      await expect(app.getByTestId('sidebar-account')).toContainText(account.email);
      // "Remember me" was ticked: the session is kept in localStorage, and the hand-off is gone.
      const tokens = await storedTokens(app);
      expect(tokens.refresh).toBeTruthy();
      expect(await app.evaluate(() => localStorage.getItem('refresh_token'))).toBe(tokens.refresh);
      expect((await withScripts.cookies()).map((cookie) => cookie.name)).not.toContain('hp_handoff');
      await app.reload();
      await appReady(app);
      await expect(app.getByTestId('sidebar-account')).toContainText(account.email);
      await withScripts.close();
    });

    test(`${language}: asks for a password-reset link and says the same thing for any address`, async ({ page }) => {
      const email = `reset-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(`/forgot-password?lng=${language}`);
      await page.getByRole('textbox', { name: text.email }).fill(email);
      await page.getByRole('button', { name: text.forgotSubmit }).click();
      await expect(page.getByRole('status')).toContainText(text.sent);
      await expect(page.getByRole('status')).toContainText(email);
    });
  }

  test('the reset link reaches an existing account', async ({ page, request }) => {
    const account = {
      firstName: 'Olga',
      lastName: 'Reset',
      email: `olga-${randomUUID().slice(0, 8)}@example.com`,
      password: PASSWORD,
    };
    await registerCustomer(request, account);
    await page.goto('/forgot-password?lng=en');
    await page.getByRole('textbox', { name: TEXT.en.email }).fill(account.email);
    await page.getByRole('button', { name: TEXT.en.forgotSubmit }).click();
    await expect(page.getByRole('status')).toContainText(TEXT.en.sent);
    const mail = await waitForMail(account.email, 'password-reset');
    expect(mail.text).toContain('/reset-password#');
  });

  test('registers in two steps and the app, once it runs, is signed in to the new account', async ({
    page,
    browser,
  }, testInfo) => {
    const email = `nojs-new-${randomUUID().slice(0, 8)}@example.com`;
    // The refused step's page comes with its status, 400, which the browser logs.
    allowConsoleErrors(/status of 400/);
    await page.goto('/register?lng=en');
    await page.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Formpost');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('another password 42');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The passwords differ: the step again, the e-mail kept, the passwords not.
    await expect(page.getByRole('alert')).toContainText('Confirm password');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard\?lng=en$/);

    const withScripts = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
    await withScripts.addCookies(await page.context().cookies());
    const app = await withScripts.newPage();
    await app.goto('/dashboard?lng=en');
    await appReady(app);
    await expect(app.getByTestId('sidebar-account')).toContainText('Nina Formpost');
    await withScripts.close();
  });
});
