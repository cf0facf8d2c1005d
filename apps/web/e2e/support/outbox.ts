import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';

interface OutboxMail {
  to: string;
  template: string;
  language: string;
  subject: string;
  text: string;
}

/** The mails the API filed in its outbox (no SMTP server is set for the tests): DATA_DIR/outbox, one JSON each. */
function readOutbox(): OutboxMail[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxMail);
}

/** Waits for the newest mail of a kind to an address, and answers it. */
export async function waitForMail(to: string, template: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      found = readOutbox()
        .filter((mail) => mail.to === to && mail.template === template)
        .at(-1);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The path and fragment of the link in a mail (the app's own address is the test server's). */
export function linkPath(mail: OutboxMail): string {
  const match = /https?:\/\/[^/\s]+(\/[a-z-]+#[A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return match[1]!;
}

/**
 * Verifies a new account's e-mail address with the link of its verification mail, as its owner would: ordering,
 * paying, adding funds and tickets need it (docs/decisions/019-unverified-accounts.md).
 */
export async function verifyEmail(request: APIRequestContext, email: string): Promise<void> {
  const token = linkPath(await waitForMail(email.toLowerCase(), 'verify-email')).split('#')[1];
  const verified = await request.post('/api/auth/email/verify', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(204);
}
