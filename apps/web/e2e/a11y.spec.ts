import type { Page } from '@playwright/test';
import { cspViolations, expectNoAxeViolations, expectPageBasics, recordCspViolations } from './support/a11y';
import { apiSignIn, DEMO_ADMIN, DEMO_CUSTOMER, storeTokens } from './support/auth';
import { allowNotFoundStatus, expect, gotoInLanguage, test } from './support/fixtures';
import {
  ADMIN_ROUTES,
  CUSTOMER_ROUTES,
  type Language,
  LANGUAGES,
  NOT_FOUND_ROUTE,
  PUBLIC_ROUTES,
} from './support/routes';

/**
 * Issue 8: every route, in both languages, signed out, as the demo customer and as the demo administrator,
 * passes axe's WCAG 2.0/2.1/2.2 A and AA rules, carries its own title, description, one h1, the landmarks
 * and hreflang alternates, and never trips the Content-Security-Policy.
 */

// axe walks the whole page: on a busy two-core machine one run can take several seconds.
test.describe.configure({ timeout: 60_000 });

async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function visit(page: Page, route: string, language: Language) {
  await recordCspViolations(page);
  await gotoInLanguage(page, route, language);
  await settle(page);
}

async function signIn(page: Page, account: { email: string; password: string }) {
  const tokens = await apiSignIn(page.request, account);
  await storeTokens(page, tokens.access_token, tokens.refresh_token);
}

const groups = [
  { who: 'signed out', routes: PUBLIC_ROUTES, account: undefined, footer: true },
  { who: 'the demo customer', routes: CUSTOMER_ROUTES, account: DEMO_CUSTOMER, footer: false },
  { who: 'the demo administrator', routes: ADMIN_ROUTES, account: DEMO_ADMIN, footer: false },
] as const;

for (const group of groups) {
  test.describe(`as ${group.who}`, () => {
    for (const route of group.routes) {
      for (const language of LANGUAGES) {
        test(`${route} in ${language} passes axe and carries its page basics`, async ({ page }) => {
          if (route === NOT_FOUND_ROUTE) allowNotFoundStatus();
          if (group.account) await signIn(page, group.account);
          await visit(page, route, language);
          await expectPageBasics(page, language, {
            footer: group.footer,
            titleSuffix: route !== '/',
            notFound: route === NOT_FOUND_ROUTE,
          });
          await expectNoAxeViolations(page, `${route} (${language}, ${group.who})`);
          expect(await cspViolations(page), 'CSP violations').toEqual([]);
        });
      }
    }
  });
}

test.describe('open menus and dialogs pass axe too', () => {
  for (const language of LANGUAGES) {
    test(`the Services dropdown (${language})`, async ({ page }) => {
      await visit(page, '/', language);
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: language === 'en' ? 'Services' : 'Услуги' }).click();
      await expect(header.getByRole('link', { name: language === 'en' ? /^Web Hosting/ : /^Хостинг/ })).toBeVisible();
      await expectNoAxeViolations(page, `services dropdown (${language})`);
      expect(await cspViolations(page)).toEqual([]);
    });

    test(`the language switcher (${language})`, async ({ page }) => {
      await visit(page, '/', language);
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: language === 'en' ? /^Language/ : /^Язык/ }).click();
      await expect(header.getByRole('button', { name: 'Русский', exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `language switcher (${language})`);
    });

    test(`the phone menu (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await visit(page, '/', language);
      await page.getByRole('button', { name: /menu|меню/i }).click();
      await expect(
        page.getByRole('navigation', { name: language === 'en' ? 'Site menu' : 'Меню сайта' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `phone menu (${language})`);
    });

    test(`the dashboard drawer on a phone (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, DEMO_CUSTOMER);
      await visit(page, '/dashboard', language);
      await page.getByRole('button', { name: /menu|меню/i }).click();
      await expect(
        page.getByRole('navigation', { name: language === 'en' ? 'Dashboard' : 'Личный кабинет' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `dashboard drawer (${language})`);
    });

    test(`the admin drawer on a phone (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, DEMO_ADMIN);
      await visit(page, '/admin', language);
      await page.getByRole('button', { name: /menu|меню/i }).click();
      await expect(
        page.getByRole('navigation', { name: language === 'en' ? 'Administration' : 'Администрирование' }),
      ).toBeVisible();
      await expectNoAxeViolations(page, `admin drawer (${language})`);
    });
  }
});
