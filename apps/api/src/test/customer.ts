import { randomUUID } from 'node:crypto';
import { findServicePlan, type ServiceKind, type ServiceStatus, toCents } from '@hostpilot/shared';
import type { App } from '../app';
import { registerVerified } from './auth';

/** Fixtures of the customer-action tests: a signed-in customer, rows they own, money on their balance. */

export interface Customer {
  userId: string;
  headers: Record<string, string>;
}

/** Registers a customer with a verified e-mail address; `headers` carries its Bearer token. */
export async function signUpCustomer(app: App): Promise<Customer> {
  const { session } = await registerVerified(app);
  return { userId: session.user.id, headers: { authorization: `Bearer ${session.access_token}` } };
}

/** The customer's headers with a fresh (or the given) idempotency key. */
export function withKey(customer: Customer, key: string = randomUUID()): Record<string, string> {
  return { ...customer.headers, 'idempotency-key': key };
}

/** Places an order of these lines at the total the quote gives (the customer's own idempotency key). */
export async function placeQuoted(app: App, customer: Customer, lines: unknown[]) {
  const quote = await app.inject({ method: 'POST', url: '/api/orders/quote', payload: { lines } });
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: withKey(customer),
    payload: { lines, expectedTotal: quote.json().total.amountMinor },
  });
}

const DAY = 24 * 60 * 60 * 1000;

export async function addService(
  app: App,
  userId: string,
  options: { kind?: ServiceKind; planId?: string; status?: ServiceStatus; expiresAt?: number } = {},
): Promise<string> {
  const kind = options.kind ?? 'hosting';
  const planId = options.planId ?? 'starter';
  const plan = findServicePlan(kind, planId);
  if (!plan) throw new Error(`no ${kind} plan ${planId}`);
  const id = randomUUID();
  const now = Date.now();
  await app.database.db
    .insertInto('services')
    .values({
      id,
      userId,
      kind,
      planId,
      name: `${plan.name} ${id.slice(0, 4)}`,
      serverId: null,
      domain: 'example.com',
      status: options.status ?? 'active',
      suspensionReason: null,
      priceCents: toCents(plan.price),
      billingPeriod: plan.period,
      autoRenew: 1,
      expiresAt: options.expiresAt ?? now + 10 * DAY,
      cancelRequestedAt: null,
      cancelReason: null,
      cancelledAt: null,
      createdAt: now - 100 * DAY,
      updatedAt: now - 100 * DAY,
    })
    .execute();
  return id;
}

export async function addDomain(
  app: App,
  userId: string,
  options: { name?: string; status?: 'active' | 'graceperiod' | 'expired' | 'transferring'; expiresAt?: number } = {},
): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  const name = options.name ?? `site-${id.slice(0, 8)}.com`;
  await app.database.db
    .insertInto('domains')
    .values({
      id,
      userId,
      name,
      tld: name.slice(name.lastIndexOf('.')),
      status: options.status ?? 'active',
      registeredAt: now - 300 * DAY,
      expiresAt: options.expiresAt ?? now + 30 * DAY,
      nameservers: JSON.stringify(['ns1.hostpilot.example', 'ns2.hostpilot.example']),
      dnsUpdatedAt: null,
      createdAt: now - 300 * DAY,
      updatedAt: now - 300 * DAY,
    })
    .execute();
  return id;
}

/** Puts money on the balance with an adjustment entry, as staff would. */
export async function credit(app: App, userId: string, cents: number): Promise<void> {
  await app.database.db
    .insertInto('ledgerEntries')
    .values({
      id: randomUUID(),
      userId,
      type: 'adjustment',
      amountCents: cents,
      descriptionKey: 'transactions.adjustment',
      actorId: null,
      paymentId: null,
      invoiceId: null,
      serviceId: null,
      domainId: null,
      createdAt: Date.now(),
    })
    .execute();
}

/** Row counts of the money tables of one account: what "nothing was written" compares. */
export async function moneyRows(app: App, userId: string) {
  const db = app.database.db;
  const count = async (table: 'ledgerEntries' | 'invoices' | 'payments' | 'notifications' | 'activity') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    ledger: await count('ledgerEntries'),
    invoices: await count('invoices'),
    payments: await count('payments'),
    notifications: await count('notifications'),
    activity: await count('activity'),
  };
}
