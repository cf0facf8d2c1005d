import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiSignIn } from './auth';
import { registerCustomer } from './demo';
import { expect } from './fixtures';

/** A new customer with an urgent ticket of their own, made through the API. */
export async function customerWithTicket(request: APIRequestContext) {
  const account = {
    firstName: 'Olga',
    lastName: 'Queue',
    email: `ops-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery',
  };
  await registerCustomer(request, account);
  const tokens = await apiSignIn(request, account);
  const subject = `Mail bounces ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/tickets', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { department: 'technical', priority: 'urgent', subject, message: 'Every mail to Gmail bounces since noon.' },
  });
  expect(created.status()).toBe(201);
  const ticket = (await created.json()) as { id: string; number: string };
  return { account, tokens, ticket, subject };
}
