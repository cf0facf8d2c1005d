import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLanguage } from './language';
import { createMailer, readOutbox } from './mailer';
import { renderMail } from './templates';

describe('mailer', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-mail-'));
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends through the configured SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'HostPilot <no-reply@hostpilot.test>',
      outboxDir: path.join(dir, 'unused'),
    });
    await mailer.send(
      'anna@example.com',
      { kind: 'password-reset', firstName: 'Анна', link: 'https://h.test/r#t', minutes: 30 },
      'ru',
    );
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@hostpilot.test');
    expect(received[0]!.to).toEqual(['anna@example.com']);
    expect(received[0]!.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(fs.existsSync(path.join(dir, 'unused'))).toBe(false);
  });

  it('files each mail in the outbox, readable only by the server, when no SMTP server is set', async () => {
    const outboxDir = path.join(dir, 'outbox');
    const mailer = createMailer({ smtpUrl: undefined, from: 'HostPilot <no-reply@hostpilot.test>', outboxDir });
    await mailer.send('bob@example.com', { kind: 'verify-email', firstName: 'Bob', link: 'https://h.test/v#t' }, 'en');
    await mailer.send('bob@example.com', { kind: 'password-changed', firstName: 'Bob', when: new Date(0) }, 'en');
    const mails = readOutbox(outboxDir);
    expect(mails.map((m) => m.template)).toEqual(['verify-email', 'password-changed']);
    expect(mails[0]!).toMatchObject({ to: 'bob@example.com', language: 'en', subject: 'Confirm your e-mail address' });
    expect(mails[0]!.text).toContain('https://h.test/v#t');
    expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
    for (const name of fs.readdirSync(outboxDir))
      expect(fs.statSync(path.join(outboxDir, name)).mode & 0o777).toBe(0o600);
  });
});

describe('mail templates', () => {
  it('writes every mail in natural Russian with the right plural, and escapes HTML', () => {
    const reset = renderMail(
      { kind: 'password-reset', firstName: '<Анна>', link: 'https://h.test/r#a&b', minutes: 30 },
      'ru',
    );
    expect(reset.subject).toBe('Сброс пароля HostPilot');
    expect(reset.text).toContain('Ссылка действует 30 минут');
    expect(renderMail({ kind: 'password-reset', firstName: 'А', link: 'x', minutes: 21 }, 'ru').text).toContain(
      '21 минуту',
    );
    expect(renderMail({ kind: 'password-reset', firstName: 'А', link: 'x', minutes: 3 }, 'ru').text).toContain(
      '3 минуты',
    );
    expect(reset.html).toContain('&lt;Анна&gt;');
    expect(reset.html).toContain('https://h.test/r#a&amp;b');
    expect(reset.html).not.toContain('<Анна>');
    const signIn = renderMail(
      {
        kind: 'new-sign-in',
        firstName: 'Ann',
        when: new Date(Date.UTC(2026, 10, 24, 7, 5)),
        device: 'Firefox on Linux',
        address: '192.0.2.1',
      },
      'en',
    );
    expect(signIn.text).toContain('Firefox on Linux, address 192.0.2.1, on 24 November 2026 at 07:05 UTC');
    const when = new Date(Date.UTC(2026, 10, 24, 7, 5));
    const codes = renderMail({ kind: 'two-factor-recovery-codes', firstName: 'Анна', when }, 'ru');
    expect(codes.subject).toBe('Новые резервные коды');
    expect(codes.text).toContain('Прежние коды больше не действуют');
    expect(renderMail({ kind: 'two-factor-enabled', firstName: 'Ann', when }, 'en').subject).toBe(
      'Two-factor sign-in turned on',
    );
    expect(renderMail({ kind: 'two-factor-disabled', firstName: 'Анна', when }, 'ru').subject).toBe(
      'Двухфакторная аутентификация отключена',
    );
  });

  it('picks the language from the account, else from Accept-Language, else English', () => {
    expect(mailLanguage('ru', 'en-US')).toBe('ru');
    expect(mailLanguage(undefined, 'ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(mailLanguage(null, 'de-DE,en;q=0.5')).toBe('en');
    expect(mailLanguage(undefined, undefined)).toBe('en');
  });
});
