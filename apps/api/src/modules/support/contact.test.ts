import { ROLES } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession } from '../../test/admin';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { mailsTo, waitForMail } from '../../test/mail';
import { contactResultPage } from './contact-page';

const MESSAGE = 'Do you host Django sites on the Pro plan?\nWe have about 20,000 visitors a month.';

describe(`the contact form opens a guest ticket (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({
      RATE_LIMIT_CONTACT_MAX: '2',
      RATE_LIMIT_CONTACT_IP_MAX: '4',
      RATE_LIMIT_REGISTER_MAX: '1000',
    });
  });
  afterAll(async () => ctx.close());

  const send = (payload: Record<string, string>, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip, headers });
  const sendForm = (fields: Record<string, string>, ip = '203.0.113.8') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: ip,
    });
  const ticketRow = (number: string) =>
    ctx.app.database.db
      .selectFrom('tickets')
      .selectAll()
      .where('number', '=', Number(number.replace('TCK-', '')))
      .executeTakeFirst();

  it('opens a ticket with the visitor as its guest, which staff answer by mail in the visitor’s language', async () => {
    const sent = await send({ name: 'Olga Petrova', email: 'Olga@Example.org', message: MESSAGE, lng: 'ru' });
    expect(sent.statusCode).toBe(201);
    const { number } = sent.json<{ number: string }>();
    expect(number).toMatch(/^TCK-\d+$/);
    const row = await ticketRow(number);
    expect(row).toMatchObject({
      userId: null,
      guestEmail: 'olga@example.org',
      guestName: 'Olga Petrova',
      guestLanguage: 'ru',
      status: 'open',
      department: 'general',
      subject: 'Do you host Django sites on the Pro plan?',
    });
    // Nothing is mailed on receipt: the form cannot be used to send mail to somebody else's address.
    expect(mailsTo(ctx.config, 'olga@example.org')).toEqual([]);

    const staff = await staffSession(ctx.app, ROLES.support);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tickets?q=olga@example',
      headers: { authorization: `Bearer ${staff.access_token}` },
    });
    expect(list.statusCode).toBe(200);
    const listed = list.json().items.find((item: { number: string }) => item.number === number);
    expect(listed).toMatchObject({ customer: null, guest: { name: 'Olga Petrova', email: 'olga@example.org' } });

    const answer = 'Yes: Python apps run on every plan.\n\nThe Pro plan suits 20,000 visitors well.';
    const replied = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${row!.id}/messages`,
      headers: { authorization: `Bearer ${staff.access_token}` },
      payload: { message: answer },
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({
      status: 'answered',
      messages: [
        { authorKind: 'customer', authorName: 'Olga Petrova', body: MESSAGE },
        { authorKind: 'staff', body: answer },
      ],
    });
    const mail = await waitForMail(ctx.config, 'olga@example.org', 'guest-ticket-answer');
    expect(mail.language).toBe('ru');
    expect(mail.subject).toBe(`${number}: ответ на ваше сообщение`);
    expect(mail.text).toContain('Yes: Python apps run on every plan.');
    expect(mail.text).toContain('Здравствуйте, Olga Petrova!');
  });

  it('refuses bad input with each field named, in the API’s error shape', async () => {
    const refused = await send({ name: '', email: 'not-an-address', message: 'short' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        name: { code: 'validation.required' },
        email: { code: 'validation.invalidEmail' },
        message: { code: 'validation.messageMin' },
      },
    });
  });

  it('drops a message whose honeypot field is filled, answering as if it was sent', async () => {
    const before = await ctx.app.database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const sent = await send(
      {
        name: 'Bot',
        email: 'bot@example.net',
        message: 'Cheap links for your site!!!',
        website: 'https://spam.example',
      },
      '198.51.100.20',
    );
    expect(sent.statusCode).toBe(201);
    const after = await ctx.app.database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('limits messages per e-mail address and per client address', async () => {
    const one = { name: 'Ann Lee', email: 'ann@example.com', message: 'A question about domains, please.' };
    expect((await send(one, '192.0.2.1')).statusCode).toBe(201);
    expect((await send(one, '192.0.2.2')).statusCode).toBe(201);
    const third = await send(one, '192.0.2.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another address of the same visitor's network counts for the client address: four per address.
    for (let i = 0; i < 4; i += 1) {
      const other = { ...one, email: `visitor${i}@example.com` };
      expect((await send(other, '192.0.2.50')).statusCode).toBe(201);
    }
    expect((await send({ ...one, email: 'visitor9@example.com' }, '192.0.2.50')).statusCode).toBe(429);
  });

  it('refuses a form posted from another site', async () => {
    const refused = await send(
      { name: 'Ann Lee', email: 'cross@example.com', message: 'A question about domains, please.' },
      '192.0.2.60',
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(refused.statusCode).toBe(403);
  });

  it('answers a form post without JavaScript with a redirect, or with what to fix and nothing lost', async () => {
    const posted = await sendForm({
      name: 'Ivan',
      email: 'ivan@example.com',
      message: MESSAGE,
      lng: 'en',
      website: '',
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/contact/sent?lng=en');
    expect(
      await ctx.app.database.db
        .selectFrom('tickets')
        .select('id')
        .where('guestEmail', '=', 'ivan@example.com')
        .execute(),
    ).toHaveLength(1);

    // The test app serves no web build: the problems come as text, in the page's language.
    const bad = await sendForm({ name: 'Иван', email: 'ivan@', message: 'Привет', lng: 'ru' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-language']).toBe('ru');
    expect(bad.body).toContain('Электронная почта: Неверный адрес электронной почты');
  });
});

describe('the contact page answered to a form post without JavaScript', () => {
  const PAGE =
    '<html lang="en"><head><title>HostPilot | Contact</title><link rel="modulepreload" href="/assets/a.js"></head><body>' +
    '<script type="module" src="/assets/index.js"></script>' +
    '<form method="post" action="/api/contact" aria-labelledby="contact-form-title"><h2 id="contact-form-title">Send</h2>' +
    '<input id="r1" aria-invalid="false" name="name"/><input id="r2" type="email" name="email"/>' +
    '<textarea id="r3" name="message"></textarea></form></body></html>';

  it('keeps what was typed, escaped, marks the fields, lists the problems and leaves the scripts out', () => {
    const html = contactResultPage(PAGE, {
      title: 'Check the form',
      problems: [{ field: 'email', text: 'E-mail: Invalid email address' }],
      values: { name: 'Ann "<b>"', email: 'ann@', message: '</textarea><script>alert(1)</script>' },
      invalid: ['email'],
    });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<title>Check the form – HostPilot | Contact</title>');
    expect(html).toContain('value="Ann &quot;&lt;b&gt;&quot;" aria-invalid="false"');
    expect(html).toContain('value="ann@" aria-invalid="true"');
    expect(html).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    expect(html).toContain(
      '<a class="font-medium text-danger-700 underline" href="#r2">E-mail: Invalid email address</a>',
    );
  });
});
