import { ADMIN_ROLE, BILLING_ROLE, SUPPORT_ROLE, type SystemSettingsInput } from '@hostpilot/shared';
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../../app';
import { readOutbox } from '../../lib/mail/mailer';
import { ADMIN_TEST_ENV, getAs, staffSession } from '../../test/admin';
import { login, newAccount, PASSWORD, postJson, register, type Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { linkToken, waitForMail } from '../../test/mail';

const SMTP_USER = 'mailer';
const SMTP_PASSWORD = 'Sm7p-secret-Pa55word';

interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a loopback port (a free one unless given) that wants SMTP_USER / SMTP_PASSWORD (no TLS:
 * encryption "none").
 */
async function startSmtp(received: Received[], atPort = 0) {
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Authentication credentials invalid'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(atPort, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback TCP server that is no mail server: it answers every connection with `greeting` and hangs up. */
async function startNotSmtp(greeting: string) {
  const server = net.createServer((socket) => socket.end(greeting));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const DEFAULTS: SystemSettingsInput = {
  general: { siteName: 'HostPilot', supportEmail: 'support@hostpilot.com', defaultLanguage: 'en' },
  security: {
    requireStaffTwoFactor: false,
    sslEnforcement: true,
    passwordPolicy: { uppercase: false, numbers: false, specialCharacters: false },
  },
  email: { smtpHost: '', smtpPort: null, encryption: 'tls', smtpUsername: '', smtpFrom: '' },
};

describe(`System Settings (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let support: Session;
  let billing: Session;
  const received: Received[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let http: Awaited<ReturnType<typeof startNotSmtp>>;
  let ssh: Awaited<ReturnType<typeof startNotSmtp>>;

  beforeAll(async () => {
    smtp = await startSmtp(received);
    http = await startNotSmtp('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
    ssh = await startNotSmtp('SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n');
    // The test servers listen on random ports, outside the SMTP ports allowed by default.
    ctx = await createTestApp({
      ...ADMIN_TEST_ENV,
      APP_URL: 'https://hostpilot.test',
      SMTP_EXTRA_PORTS: [smtp.port, http.port, ssh.port].join(','),
    });
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
    billing = await staffSession(ctx.app, BILLING_ROLE);
  });
  afterAll(async () => {
    await smtp.close();
    await http.close();
    await ssh.close();
    await ctx.close();
  });

  const send = (method: 'PUT' | 'POST', url: string, session: Session, payload: object) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${session.access_token}` }, payload });
  const save = (settings: SystemSettingsInput, session: Session = admin) =>
    send('PUT', '/api/admin/settings', session, settings);
  const withEmail = (email: Partial<SystemSettingsInput['email']>): SystemSettingsInput => ({
    ...DEFAULTS,
    email: { ...DEFAULTS.email, ...email },
  });
  const smtpSettings = (extra: Partial<SystemSettingsInput['email']> = {}) =>
    withEmail({
      smtpHost: '127.0.0.1',
      smtpPort: smtp.port,
      encryption: 'none',
      smtpUsername: SMTP_USER,
      ...extra,
    });

  it('answers the defaults to staff who may read settings, and refuses the others', async () => {
    const read = await getAs(ctx.app, '/api/admin/settings', admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      general: DEFAULTS.general,
      security: DEFAULTS.security,
      email: { ...DEFAULTS.email, smtpPasswordSet: false },
      smtpUrlOverride: false,
    });
    expect((await getAs(ctx.app, '/api/admin/settings', support)).statusCode).toBe(403);
    expect((await getAs(ctx.app, '/api/admin/outbox', billing)).statusCode).toBe(403);
    expect((await save(DEFAULTS, support)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/settings/email/test', billing, { email: DEFAULTS.email })).statusCode).toBe(
      403,
    );
  });

  it('refuses bad values field by field and changes nothing', async () => {
    const bad = await save({
      general: { siteName: ' ', supportEmail: 'not-an-address', defaultLanguage: 'de' as 'en' },
      security: DEFAULTS.security,
      email: { ...DEFAULTS.email, smtpHost: 'bad host!', smtpPort: 70000, smtpFrom: 'Me <nowhere>' },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields as Record<string, { code: string }>;
    expect(fields['general.siteName']?.code).toBe('validation.required');
    expect(fields['general.supportEmail']?.code).toBe('validation.invalidEmail');
    expect(fields['general.defaultLanguage']).toBeDefined();
    expect(fields['email.smtpHost']?.code).toBe('validation.smtpHost');
    expect(fields['email.smtpPort']?.code).toBe('validation.smtpPort');
    expect(fields['email.smtpFrom']?.code).toBe('validation.smtpFrom');
    const audit = await ctx.app.database.db.selectFrom('auditLog').select('id').where('action', '=', 'settings.update');
    expect(await audit.execute()).toEqual([]);
    expect((await getAs(ctx.app, '/api/admin/settings', admin)).json().general).toEqual(DEFAULTS.general);
  });

  it('keeps the SMTP password encrypted, never answers it, and masks it in the audit log', async () => {
    const saved = await save(smtpSettings({ smtpPassword: SMTP_PASSWORD }));
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(SMTP_PASSWORD);
    expect(saved.json().email).toMatchObject({ smtpHost: '127.0.0.1', smtpPasswordSet: true });

    const rows = await ctx.app.database.db.selectFrom('settings').select(['key', 'value']).execute();
    expect(rows.map((row) => row.key)).toContain('mail.smtp');
    for (const row of rows) expect(row.value).not.toContain(SMTP_PASSWORD);
    const audit = await ctx.app.database.db.selectFrom('auditLog').selectAll().where('action', '=', 'settings.update');
    const entries = await audit.execute();
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(SMTP_PASSWORD);
    expect(entries[0]).toMatchObject({ actorId: admin.user.id, entityType: 'settings', entityId: 'system' });
    expect(JSON.parse(entries[0]!.after ?? '{}').email).toMatchObject({
      smtpHost: '127.0.0.1',
      smtpPassword: '***',
      smtpCredentialChange: 'replaced',
    });
    expect(JSON.parse(entries[0]!.before ?? '{}').email).toMatchObject({ smtpHost: '', smtpPassword: null });

    // An empty password keeps the saved one; the mailer uses it: a reset mail reaches the SMTP server.
    const kept = await save(smtpSettings({ smtpPassword: '' }));
    expect(kept.json().email.smtpPasswordSet).toBe(true);
    const read = await getAs(ctx.app, '/api/admin/settings', admin);
    expect(read.body).not.toContain(SMTP_PASSWORD);
    const { account } = await register(ctx.app);
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    for (let i = 0; i < 300 && !received.some((mail) => mail.to.includes(account.email)); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(received.some((mail) => mail.to.includes(account.email))).toBe(true);

    // Cleared: no password is set any more.
    const cleared = await save(withEmail({ smtpPasswordClear: true }));
    expect(cleared.json().email).toMatchObject({ smtpHost: '', smtpPasswordSet: false });
  });

  it('Test Email Settings sends through the server, reports a refused login and a closed port', async () => {
    const ok = await send('POST', '/api/admin/settings/email/test', admin, {
      to: 'operator@example.com',
      email: smtpSettings({ smtpPassword: SMTP_PASSWORD }).email,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      sent: true,
      via: 'smtp',
      to: 'operator@example.com',
      server: `127.0.0.1:${smtp.port}`,
    });
    expect(ok.json().detail).toMatch(/^250/);
    expect(received.at(-1)!.to).toEqual(['operator@example.com']);

    const refused = await send('POST', '/api/admin/settings/email/test', admin, {
      email: smtpSettings({ smtpPassword: 'Wrong-Pa55word!' }).email,
    });
    expect(refused.json()).toMatchObject({ sent: false, via: 'smtp', to: admin.user.email });
    expect(refused.json().detail).toMatch(/535|invalid/i);
    expect(refused.body).not.toContain('Wrong-Pa55word!');

    const closed = await smtp.close().then(async () => {
      const answer = await send('POST', '/api/admin/settings/email/test', admin, {
        email: smtpSettings({ smtpPassword: SMTP_PASSWORD }).email,
      });
      smtp = await startSmtp(received, smtp.port);
      return answer;
    });
    // No SMTP conversation: one answer, whatever the reason (docs/decisions/045-production-hardening.md).
    expect(closed.json()).toEqual({
      sent: false,
      via: 'smtp',
      to: admin.user.email,
      server: expect.any(String),
      detail: '',
    });
  });

  it('Test Email Settings tells a port that is no SMTP server from a closed one in no way', async () => {
    const answers = [];
    for (const port of [http.port, ssh.port]) {
      const answer = await send('POST', '/api/admin/settings/email/test', admin, {
        email: smtpSettings({ smtpPort: port, smtpPassword: SMTP_PASSWORD }).email,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toMatch(/HTTP|SSH|ECONN|greeting/i);
      answers.push(answer.json());
    }
    expect(answers).toEqual([
      { sent: false, via: 'smtp', to: admin.user.email, server: `127.0.0.1:${http.port}`, detail: '' },
      { sent: false, via: 'smtp', to: admin.user.email, server: `127.0.0.1:${ssh.port}`, detail: '' },
    ]);
  });

  it('allows only the SMTP ports and those SMTP_EXTRA_PORTS adds, to test and to save', async () => {
    for (const port of [22, 80, 3306, 6379, 5432]) {
      const email = smtpSettings({ smtpPort: port }).email;
      const tested = await send('POST', '/api/admin/settings/email/test', admin, { email });
      expect(tested.statusCode, String(port)).toBe(400);
      expect(tested.json().error.fields['email.smtpPort'].code).toBe('validation.smtpPortNotAllowed');
      const saved = await save(smtpSettings({ smtpPort: port }));
      expect(saved.statusCode, String(port)).toBe(400);
      expect(saved.json().error.fields['email.smtpPort'].code).toBe('validation.smtpPortNotAllowed');
    }
    for (const port of [25, 465, 587, 2525, null]) {
      const saved = await save(smtpSettings({ smtpPort: port }));
      expect(saved.statusCode, String(port)).toBe(200);
    }
    expect((await save(DEFAULTS)).statusCode).toBe(200);
  });

  it('files the test in the outbox without a server, and lists and shows the outbox', async () => {
    const test = await send('POST', '/api/admin/settings/email/test', admin, {
      to: 'outbox-reader@example.com',
      email: DEFAULTS.email,
    });
    expect(test.json()).toMatchObject({ sent: true, via: 'outbox', server: null });
    await register(ctx.app, newAccount({ email: 'second-mail@example.com' }));
    await waitForMail(ctx.config, 'second-mail@example.com', 'verify-email');

    const page = await getAs(ctx.app, '/api/admin/outbox?pageSize=10', admin);
    expect(page.statusCode).toBe(200);
    const { items, total } = page.json() as { items: { id: string; to: string; createdAt: string }[]; total: number };
    expect(total).toBe(readOutbox(outboxDir(ctx.config)).length);
    const times = items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const searched = await getAs(ctx.app, '/api/admin/outbox?q=OUTBOX-reader', admin);
    expect(searched.json().items).toMatchObject([{ to: 'outbox-reader@example.com', template: 'settings-test' }]);
    const one = await getAs(ctx.app, `/api/admin/outbox/${searched.json().items[0].id}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json().text).toContain('test message');
    expect(one.json().html).toContain('<html');
    expect((await getAs(ctx.app, '/api/admin/outbox/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(
      404,
    );
    expect((await getAs(ctx.app, '/api/admin/outbox/..%2F..%2Fjwt-secret', admin)).statusCode).toBe(400);
  });

  it('shows reset and verification mails in the outbox with their links masked, and the links still work', async () => {
    const { account } = await register(ctx.app, newAccount({ email: 'masked-links@example.com' }));
    const verify = await waitForMail(ctx.config, account.email, 'verify-email');
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    const reset = await waitForMail(ctx.config, account.email, 'password-reset');
    const tokens = [linkToken(verify), linkToken(reset)];

    const list = await getAs(ctx.app, '/api/admin/outbox?q=masked-links', admin);
    expect(list.json().items).toHaveLength(2);
    for (const item of list.json().items as { id: string }[]) {
      const one = await getAs(ctx.app, `/api/admin/outbox/${item.id}`, admin);
      expect(one.statusCode).toBe(200);
      for (const token of tokens) expect(one.body).not.toContain(token);
      const mail = one.json() as { text: string; html: string };
      expect(mail.text).toMatch(/https:\/\/hostpilot\.test\/(verify-email|reset-password)#•+/);
      expect(mail.html).toMatch(/href="https:\/\/hostpilot\.test\/(verify-email|reset-password)#•+"/);
    }
    // Masked in the answer only: the customer's own mail still works.
    const reused = await postJson(ctx.app, '/api/auth/password/reset', {
      token: tokens[1],
      password: 'A new Pa55word!',
    });
    expect(reused.statusCode).toBe(204);
  });

  it('shows the site name, support address and default language publicly, and uses them in mails', async () => {
    await save({
      ...DEFAULTS,
      general: { siteName: 'Acme Hosting', supportEmail: 'Help@Acme.test', defaultLanguage: 'ru' },
    });
    const open = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({
      siteName: 'Acme Hosting',
      supportEmail: 'help@acme.test',
      defaultLanguage: 'ru',
      passwordPolicy: DEFAULTS.security.passwordPolicy,
    });
    const { account } = await register(ctx.app);
    await postJson(ctx.app, '/api/auth/password/forgot', { email: account.email });
    const mail = await waitForMail(ctx.config, account.email, 'password-reset');
    expect(mail.subject).toBe('Reset your Acme Hosting password');
    expect(mail.text).toContain('The Acme Hosting team');
    await save(DEFAULTS);
  });

  it('applies the password policy to registration, reset and change, with the same message keys', async () => {
    await save({
      ...DEFAULTS,
      security: { ...DEFAULTS.security, passwordPolicy: { uppercase: true, numbers: true, specialCharacters: true } },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json().passwordPolicy).toEqual({
      uppercase: true,
      numbers: true,
      specialCharacters: true,
    });
    const code = (answer: { json(): { error: { fields?: Record<string, { code: string }> } } }, field: string) =>
      answer.json().error.fields?.[field]?.code;

    const weak = await postJson(ctx.app, '/api/auth/register', newAccount({ password: 'lowercase words only' }));
    expect(weak.statusCode).toBe(400);
    expect(code(weak, 'password')).toBe('validation.passwordUppercase');
    const noDigit = await postJson(ctx.app, '/api/auth/register', newAccount({ password: 'Capital words only' }));
    expect(code(noDigit, 'password')).toBe('validation.passwordNumber');
    const noSpecial = await postJson(ctx.app, '/api/auth/register', newAccount({ password: 'Capital4words' }));
    expect(code(noSpecial, 'password')).toBe('validation.passwordSpecial');
    const strong = newAccount({ password: 'Capital 4 words' });
    expect((await postJson(ctx.app, '/api/auth/register', strong)).statusCode).toBe(201);

    await postJson(ctx.app, '/api/auth/password/forgot', { email: strong.email });
    const token = linkToken(await waitForMail(ctx.config, strong.email, 'password-reset'));
    const weakReset = await postJson(ctx.app, '/api/auth/password/reset', { token, password: 'no capitals 4 me' });
    expect(code(weakReset, 'password')).toBe('validation.passwordUppercase');
    expect((await postJson(ctx.app, '/api/auth/password/reset', { token, password: 'Reset 4 good' })).statusCode).toBe(
      204,
    );

    const session = (await login(ctx.app, { email: strong.email, password: 'Reset 4 good' })).json() as Session;
    const change = (newPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/password/change',
        headers: { authorization: `Bearer ${session.access_token}` },
        payload: { currentPassword: 'Reset 4 good', newPassword },
      });
    expect(code(await change('Changed without digits!'), 'newPassword')).toBe('validation.passwordNumber');
    expect((await change('Changed 2 times!')).statusCode).toBe(204);

    // Back to the defaults: the long-standing rule (8 characters, not a common password) again.
    await save(DEFAULTS);
    expect((await postJson(ctx.app, '/api/auth/register', newAccount({ password: PASSWORD }))).statusCode).toBe(201);
  });

  it('keeps the two-factor requirement consistent with the sign-in rules of decision 023', async () => {
    const refused = await save({ ...DEFAULTS, security: { ...DEFAULTS.security, requireStaffTwoFactor: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['security.requireStaffTwoFactor'].code).toBe('validation.twoFactorSelfFirst');
    expect((await getAs(ctx.app, '/api/admin/settings/security', admin)).json()).toEqual({
      requireStaffTwoFactor: false,
    });
  });
});
