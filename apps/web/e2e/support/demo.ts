import { findServicePlan, toCents } from '@hostpilot/shared';
import type { APIRequestContext } from '@playwright/test';
import { verifyEmail } from './outbox';

/**
 * What the demo seed gives the demo customer (apps/api/src/demo/demo-customer.ts), as the tests expect to
 * read it. Dates are relative to the moment the server seeded its fresh database, so they are never written
 * here: the tests compute them from now, or read them from the API and check where they fall.
 */
const DAY = 24 * 60 * 60 * 1000;

const planCents = (id: string) => {
  const plan = findServicePlan('hosting', id);
  if (!plan) throw new Error(`no hosting plan ${id} in the catalogue`);
  return toCents(plan.price);
};

export const DEMO_SEED = {
  hosting: [
    { domain: 'mysite.com', name: 'Main website', plan: 'Business', expiresInDays: 111 },
    { domain: 'myblog.net', name: 'Blog', plan: 'Starter', expiresInDays: 10 },
  ],
  domains: ['mysite.com', 'myblog.net', 'old-project.io'],
  gracePeriodDomain: 'old-project.io',
  extra: { name: 'SSL certificate', domain: 'mysite.com', yearlyCents: 2999 },
  ticketSubjects: ['SSL certificate does not show on www', 'E-mails to Gmail land in spam'],
  notifications: 5,
  unreadNotifications: 2,
  transactions: 7,
  invoices: 4,
  /**
   * The balance is the sum of the completed ledger entries: top-ups of $100 and $50, the SSL certificate, a
   * domain renewal ($9.99) and one month of each hosting plan (the $25 top-up is still pending).
   */
  balanceCents: 10_000 + 5_000 - 2_999 - 999 - planCents('business') - planCents('starter'),
} as const;

export type Lang = 'en' | 'ru';
const LOCALES: Record<Lang, string> = { en: 'en-US', ru: 'ru-RU' };

/** A date as the app writes it (lib/format.ts: medium date style, the browser's time zone, which is ours). */
export const dateText = (lang: Lang, at: number | string) =>
  new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' }).format(new Date(at));

/** An amount in US dollars as the app writes it. */
export const moneyText = (lang: Lang, cents: number) =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Whole days from now to a moment (negative when it has passed). */
export const daysFromNow = (at: number | string) => (new Date(at).getTime() - Date.now()) / DAY;

/**
 * A customer with nothing yet: registered through the API (the dashboard spec registers one through the form),
 * its e-mail address verified from the mail.
 */
export async function registerCustomer(
  request: APIRequestContext,
  account: { firstName: string; lastName: string; email: string; password: string },
) {
  const response = await request.post('/api/auth/register', { data: account });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  await verifyEmail(request, account.email);
}
