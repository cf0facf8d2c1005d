import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../test/auth';
import { type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, type TestContext } from '../../test/helpers';
import { answerTicket } from './answer-ticket';

describe('support tickets and notifications', () => {
  let ctx: TestContext;
  let customer: Customer;
  // Every request a second later than the one before, so that histories order by time.
  const clock = fakeClock(Date.now());

  beforeAll(async () => {
    ctx = await createTestApp({}, { clock });
    customer = await signUpCustomer(ctx.app);
  });
  afterAll(async () => ctx.close());

  const call = (method: 'GET' | 'POST', url: string, body?: unknown, who: Customer = customer) => {
    clock.advance(1000);
    return ctx.app.inject({
      method,
      url,
      headers: who.headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };
  const later = () => {
    clock.advance(1000);
    return clock.now();
  };
  const NEW_TICKET = {
    department: 'technical',
    priority: 'high',
    subject: 'Site is down',
    message: 'My site answers 502 since this morning.',
  };

  it('opens a ticket, follows who wrote last, closes and reopens it', async () => {
    const created = await call('POST', '/api/tickets', NEW_TICKET);
    expect(created.statusCode).toBe(201);
    const ticket = created.json();
    expect(ticket).toMatchObject({
      status: 'open',
      subject: 'Site is down',
      department: 'technical',
      priority: 'high',
    });
    expect(ticket.number).toMatch(/^TCK-\d+$/);
    expect(ticket.messages).toHaveLength(1);

    await answerTicket(ctx.app.database.db, {
      ticketId: ticket.id,
      staffId: customer.userId,
      message: 'We restarted the PHP workers; please check again.',
      now: later(),
    });
    const answered = await call('GET', `/api/tickets/${ticket.id}`);
    expect(answered.json().status).toBe('answered');
    expect((await call('GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 1 });

    const reply = await call('POST', `/api/tickets/${ticket.id}/messages`, { message: 'Still 502 on /shop, thanks.' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({ status: 'open' });
    expect(reply.json().messages).toHaveLength(3);

    const closed = await call('POST', `/api/tickets/${ticket.id}/close`);
    expect(closed.json().status).toBe('closed');
    expect((await call('POST', `/api/tickets/${ticket.id}/close`)).statusCode).toBe(409);
    const closedReply = await call('POST', `/api/tickets/${ticket.id}/messages`, { message: 'One more thing here.' });
    expect(closedReply.statusCode).toBe(409);
    await expect(
      answerTicket(ctx.app.database.db, {
        ticketId: ticket.id,
        staffId: customer.userId,
        message: 'x',
        now: later(),
      }),
    ).rejects.toMatchObject({ code: 'INVALID_STATE' });
    const reopened = await call('POST', `/api/tickets/${ticket.id}/reopen`);
    expect(reopened.json().status).toBe('open');
    expect((await call('POST', `/api/tickets/${ticket.id}/reopen`)).statusCode).toBe(409);

    const history = await ctx.app.database.db
      .selectFrom('statusHistory')
      .select('toStatus')
      .where('entityId', '=', ticket.id)
      .orderBy('createdAt')
      .execute();
    expect(history.map((h) => h.toStatus)).toEqual(['open', 'answered', 'open', 'closed', 'open']);
  });

  it('refuses bad input by field: a message over its limit, a short subject, an unknown department', async () => {
    const long = await call('POST', '/api/tickets', { ...NEW_TICKET, message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.message.code).toBe('validation.messageMax');
    const short = await call('POST', '/api/tickets', { ...NEW_TICKET, subject: 'Hi', department: 'legal' });
    expect(short.json().error.fields).toMatchObject({
      subject: { code: 'validation.subjectMin' },
      department: { code: 'validation.invalidType' },
    });
    const count = await ctx.app.database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('answers 404 for another customer’s ticket and notification', async () => {
    const other = await signUpCustomer(ctx.app);
    const theirs = (await call('POST', '/api/tickets', NEW_TICKET, other)).json();
    expect(
      (await call('POST', `/api/tickets/${theirs.id}/messages`, { message: 'Sneaking in here.' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/tickets/${theirs.id}/close`)).statusCode).toBe(404);
    await answerTicket(ctx.app.database.db, {
      ticketId: theirs.id,
      staffId: other.userId,
      message: 'Answer for you',
      now: later(),
    });
    const note = await ctx.app.database.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect((await call('POST', `/api/notifications/${note.id}/read`)).statusCode).toBe(404);
    expect((await call('GET', '/api/notifications/unread-count', undefined, other)).json()).toEqual({ unread: 1 });
  });

  it('marks one notification read, then all', async () => {
    const db = ctx.app.database.db;
    const ticket = (await call('POST', '/api/tickets', NEW_TICKET)).json();
    for (const message of ['First answer here', 'Second answer here']) {
      await answerTicket(db, { ticketId: ticket.id, staffId: customer.userId, message, now: later() });
    }
    const unread = (await call('GET', '/api/notifications/unread-count')).json().unread as number;
    expect(unread).toBeGreaterThanOrEqual(2);
    const one = await db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', customer.userId)
      .where('readAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await call('POST', `/api/notifications/${one.id}/read`)).json()).toEqual({ unread: unread - 1 });
    expect((await call('POST', `/api/notifications/${one.id}/read`)).json()).toEqual({ unread: unread - 1 });
    expect((await call('POST', '/api/notifications/read-all')).json()).toEqual({ unread: 0 });
  });
});
