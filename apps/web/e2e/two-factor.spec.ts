import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { cspViolations, expectNoAxeViolations, recordCspViolations } from './support/a11y';
import { DEMO_ADMIN } from './support/auth';
import { freePort } from './support/free-port';
import { allowConsoleErrors, expect, test } from './support/fixtures';
import { waitForMail } from './support/outbox';

// Each test walks a whole flow (several sign-ins, argon2 hashing, mails, and at most one wait for the next
// 30-second code): give it room on a busy machine.
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'correct horse battery';
const PERIOD_MS = 30_000;

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')), period: 30 });
const stepOf = (time: number) => Math.floor(time / PERIOD_MS);

/**
 * Codes as an authenticator app would give them, computed from the set-up key the page shows. The API accepts
 * each time step once (and the step either side of now), so this keeps the newest step used and, when the next
 * code would not be newer, waits for the clock to move on.
 */
function authenticator(secret: string) {
  const generator = totp(secret);
  let lastStep = -1;
  return async function code(): Promise<string> {
    // The code of the next step is accepted already (clock drift allowance); failing that, wait for one.
    while (stepOf(Date.now()) + 1 <= lastStep) await new Promise((resolve) => setTimeout(resolve, 1000));
    const step = Math.max(stepOf(Date.now()), lastStep + 1);
    lastStep = step;
    return generator.generate({ timestamp: step * PERIOD_MS + 1000 });
  };
}

const TEXTS = {
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    region: 'Two-factor sign-in',
    setUp: 'Set up',
    qr: 'QR code for your authenticator app',
    key: 'Set-up key',
    code: 'Code from your app',
    currentPassword: 'Current password',
    turnOn: 'Turn on',
    codes: 'Recovery codes',
    download: 'Download',
    saved: "I've saved them",
    on: /On since/,
    enabledSubject: 'Two-factor sign-in turned on',
    signOut: 'Sign out',
    stepHeading: 'Enter your code',
    verify: 'Verify and sign in',
    useRecovery: 'Use a recovery code instead',
    recovery: 'Recovery code',
    recoveryUsed: 'This recovery code was already used',
    codesLeft: '8 recovery codes left.',
    turnOff: 'Turn off',
    off: 'Off. Signing in asks only for your password.',
    disabledSubject: 'Two-factor sign-in turned off',
  },
  ru: {
    email: 'Электронная почта',
    password: 'Пароль',
    signIn: 'Войти',
    region: 'Двухфакторная аутентификация',
    setUp: 'Настроить',
    qr: 'QR-код для приложения-аутентификатора',
    key: 'Ключ настройки',
    code: 'Код из приложения',
    currentPassword: 'Текущий пароль',
    turnOn: 'Включить',
    codes: 'Резервные коды',
    download: 'Скачать',
    saved: 'Готово, коды сохранены',
    on: /Включена с/,
    enabledSubject: 'Двухфакторная аутентификация включена',
    signOut: 'Выйти',
    stepHeading: 'Введите код',
    verify: 'Проверить и войти',
    useRecovery: 'Ввести резервный код',
    recovery: 'Резервный код',
    recoveryUsed: 'Этот резервный код уже использован',
    codesLeft: 'Осталось 8 резервных кодов.',
    turnOff: 'Отключить',
    off: 'Отключена. Для входа нужен только пароль.',
    disabledSubject: 'Двухфакторная аутентификация отключена',
  },
} as const;

type Text = (typeof TEXTS)[keyof typeof TEXTS];

async function passwordStep(page: Page, text: Text, email: string) {
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn, exact: true }).click();
}

for (const language of ['en', 'ru'] as const) {
  const text = TEXTS[language];
  test(`set up two-factor sign-in, sign in with a code and with a recovery code, then turn it off (${language})`, async ({
    page,
    request,
  }) => {
    const email = `totp.${randomUUID().slice(0, 8)}@example.com`;
    // Russian, the longer language, on the narrowest phone the product supports.
    if (language === 'ru') await page.setViewportSize({ width: 360, height: 800 });
    await recordCspViolations(page);
    const fitsWidth = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
    const registered = await request.post('/api/auth/register', {
      data: { firstName: 'Anna', lastName: 'Ivanova', email, password: PASSWORD },
      headers: { 'accept-language': language },
    });
    expect(registered.status()).toBe(201);

    await page.goto(`/login?lng=${language}`);
    await passwordStep(page, text, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/settings');

    // Set-up: the QR code, the key as text, and a first code computed from that text.
    const panel = page.getByRole('region', { name: text.region });
    await panel.getByRole('button', { name: text.setUp }).click();
    await expect(panel.getByRole('img', { name: text.qr })).toBeVisible();
    const secret = await panel.getByLabel(text.key).inputValue();
    await expectNoAxeViolations(page, `two-factor set-up (${language})`);
    await fitsWidth();
    // The QR code is a data: image, which the Content-Security-Policy allows.
    await expect(panel.getByRole('img', { name: text.qr })).toHaveJSProperty('complete', true);
    expect(
      await page.evaluate(() => document.querySelector<HTMLImageElement>('#two-factor img')!.naturalWidth),
    ).toBeGreaterThan(0);
    expect(await cspViolations(page), 'CSP violations').toEqual([]);
    expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{32}$/);
    const code = authenticator(secret);
    await panel.getByLabel(text.currentPassword).fill(PASSWORD);
    await panel.getByLabel(text.code).fill(await code());
    await panel.getByRole('button', { name: text.turnOn }).click();

    // Ten recovery codes, shown once, downloadable as a text file.
    const list = panel.getByRole('list', { name: text.codes });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    await expectNoAxeViolations(page, `recovery codes (${language})`);
    await fitsWidth();
    const recoveryCodes = await list.getByRole('listitem').allTextContents();
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: text.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('hostpilot-recovery-codes.txt');
    const file = fs.readFileSync(await download.path(), 'utf8');
    for (const recoveryCode of recoveryCodes) expect(file).toContain(recoveryCode);
    await panel.getByRole('button', { name: text.saved }).click();
    await expect(panel.getByText(text.on)).toBeVisible();
    const enabledMail = await waitForMail(email, 'two-factor-enabled');
    expect(enabledMail.language).toBe(language);
    expect(enabledMail.subject).toBe(text.enabledSubject);

    // Sign out (the sidebar's button: on a phone it sits in the drawer), then in again: the password, then a code
    // from the app.
    const phone = page.viewportSize()!;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: text.signOut, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.setViewportSize(phone);
    await page.goto(`/login?lng=${language}`);
    await passwordStep(page, text, email);
    await expect(page.getByRole('heading', { level: 1, name: text.stepHeading })).toBeVisible();
    await expectNoAxeViolations(page, `sign-in code step (${language})`);
    await fitsWidth();
    await page.getByLabel(text.code).fill(await code());
    await page.getByRole('button', { name: text.verify }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.setViewportSize({ width: 1280, height: 800 });

    // And with a recovery code, which works once.
    await page.getByRole('button', { name: text.signOut, exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    for (const attempt of ['first', 'second'] as const) {
      await page.goto(`/login?lng=${language}`);
      await passwordStep(page, text, email);
      await page.getByRole('button', { name: text.useRecovery }).click();
      await page.getByLabel(text.recovery).fill(recoveryCodes[0]!);
      if (attempt === 'second') allowConsoleErrors(/400/);
      await page.getByRole('button', { name: text.verify }).click();
      if (attempt === 'first') {
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.getByRole('button', { name: text.signOut, exact: true }).click();
        await expect(page).toHaveURL(/\/$/);
      } else {
        await expect(page.getByLabel(text.recovery)).toHaveAccessibleDescription(new RegExp(text.recoveryUsed));
        await expect(page).toHaveURL(/\/login/);
      }
    }

    // Signed in with another recovery code, turn it off with a code from the app.
    await page.getByLabel(text.recovery).fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: text.verify }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/settings');
    await expect(panel.getByText(text.codesLeft)).toBeVisible();
    await panel.getByRole('button', { name: text.turnOff }).click();
    await panel.getByLabel(text.code).fill(await code());
    await panel.getByRole('button', { name: text.turnOff }).click();
    await expect(panel.getByText(text.off)).toBeVisible();
    const disabledMail = await waitForMail(email, 'two-factor-disabled');
    expect(disabledMail.language).toBe(language);
    expect(disabledMail.subject).toBe(text.disabledSubject);
    expect(await cspViolations(page), 'CSP violations').toEqual([]);
  });
}

// "Require two-factor sign-in for staff" holds for every staff account of a server: the test runs its own server,
// so that the other specs' administrator is not sent to set-up while this one has the rule on.
test.describe('two-factor sign-in required of staff', () => {
  let server: ChildProcess | undefined;
  let base = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-e2e-staff-'));
    server = spawn('node', ['apps/api/dist/server.js'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${base}/api/health`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 60_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    server?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a staff account without two-factor is led through set-up before the back office opens', async ({
    page,
    request,
  }) => {
    // The administrator turns the rule on (which needs two-factor on their own account), then turns their own
    // two-factor off: a staff account without it, under the rule.
    const signedIn = await request.post(`${base}/api/auth/login`, {
      data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    const { access_token: token } = (await signedIn.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const setup = await request.post(`${base}/api/account/two-factor/setup`, { headers });
    const apiCode = authenticator(((await setup.json()) as { secret: string }).secret);
    const enabled = await request.post(`${base}/api/account/two-factor/enable`, {
      headers,
      data: { code: await apiCode(), currentPassword: DEMO_ADMIN.password },
    });
    expect(enabled.status()).toBe(200);
    const rule = await request.put(`${base}/api/admin/settings/security`, {
      headers,
      data: { requireStaffTwoFactor: true },
    });
    expect(rule.status()).toBe(200);
    const off = await request.post(`${base}/api/account/two-factor/disable`, {
      headers,
      data: { code: await apiCode() },
    });
    expect(off.status()).toBe(204);
    const refused = await request.get(`${base}/api/admin/me/permissions`, { headers });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_REQUIRED');

    // In the browser: the back office sends them to set-up first.
    allowConsoleErrors(/403/);
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Staff land in the back office (decision 048), which first leads to the two-factor set-up.
    await expect(page).toHaveURL(/\/dashboard\/settings#two-factor$/);
    await page.goto(`${base}/admin`);
    await expect(page).toHaveURL(/\/dashboard\/settings#two-factor$/);
    const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(panel.getByText(/The back office asks staff to use two-factor sign-in/)).toBeVisible();
    await panel.getByRole('button', { name: 'Set up' }).click();
    const code = authenticator(await panel.getByLabel('Set-up key').inputValue());
    await panel.getByLabel('Current password').fill(DEMO_ADMIN.password);
    await panel.getByLabel('Code from your app').fill(await code());
    await panel.getByRole('button', { name: 'Turn on' }).click();
    await expect(panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await panel.getByRole('button', { name: "I've saved them" }).click();
    await panel.getByRole('link', { name: 'Open the back office' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The rule can be turned off from the back office's settings.
    await page.goto(`${base}/admin/settings`);
    const require = page.getByRole('switch', { name: 'Require two-factor sign-in for staff' });
    await expect(require).toHaveAttribute('aria-checked', 'true');
    await require.click();
    await expect(page.getByText('Staff no longer need two-factor sign-in.')).toBeVisible();
    await expect(require).toHaveAttribute('aria-checked', 'false');
  });
});
