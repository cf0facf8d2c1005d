import { DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';
import type { APIRequestContext, Page } from '@playwright/test';

export { DEMO_ADMIN, DEMO_CUSTOMER };

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** Signs in through the API (not the form) and returns the tokens. */
export async function apiSignIn(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<Tokens> {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** Puts tokens in the page's localStorage the way the app keeps them (docs/product/api.md). */
export async function storeTokens(page: Page, accessToken: string, refreshToken: string) {
  if (!page.url().startsWith('http')) await page.goto('/robots.txt');
  await page.evaluate(
    ([access, refresh]) => {
      localStorage.setItem('auth_token', access);
      localStorage.setItem('refresh_token', refresh);
    },
    [accessToken, refreshToken] as const,
  );
}

/** A JWT-shaped access token that expired a minute ago (the client reads `exp`; the API would refuse it anyway). */
export function expiredAccessToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 60;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'someone', typ: 'access', exp })}.c2lnbmF0dXJl`;
}

/** A JWT-shaped token that looks unexpired but is not signed by the API: the API refuses it with 401. */
export function forgedAccessToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'someone', typ: 'access', exp })}.Zm9yZ2Vk`;
}

/** The tokens as the app reads them: sessionStorage (not remembered) first, then localStorage (remembered). */
export const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    access: sessionStorage.getItem('auth_token') ?? localStorage.getItem('auth_token'),
    refresh: sessionStorage.getItem('refresh_token') ?? localStorage.getItem('refresh_token'),
  }));

/** Signs in through the form on /login. */
export async function signInWithForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
