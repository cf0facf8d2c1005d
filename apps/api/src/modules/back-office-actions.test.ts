import { randomUUID } from 'node:crypto';
import { ADMIN_ROLE, BILLING_ROLE, CUSTOMER_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectMoneyInvariants } from '../test/money-invariants';
import { ADMIN_TEST_ENV, getAs, insertUsers, staffSession } from '../test/admin';
import { login, PASSWORD, refresh, registerVerified, type Session } from '../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { balanceOf } from './billing';

/** The back office's account and payment actions, and the audit log they write (decision 027). */
describe(`back-office actions (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  let support: Session;
  let billing: Session;

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    support = await staffSession(ctx.app, SUPPORT_ROLE);
    billing = await staffSession(ctx.app, BILLING_ROLE);
  });

  afterAll(async () => {
    await ctx.close();
  });
  // Every scenario leaves the books balanced (docs/decisions/043-refunds-and-due-dates.md).
  afterEach(async () => expectMoneyInvariants(ctx.app.database.db));

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    session: Session,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session.access_token}`, ...headers },
      remoteAddress: '203.0.113.7',
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const customer = async () => registerVerified(ctx.app);
  const SUSPEND = { reason: 'Chargeback under review' };
  const userRow = (id: string) =>
    ctx.app.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (entityId: string) =>
    ctx.app.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', entityId)
      .orderBy('createdAt')
      .execute();
  const editBody = (session: Session, changes: Record<string, unknown> = {}) => ({
    firstName: session.user.firstName,
    lastName: session.user.lastName,
    email: session.user.email,
    role: session.user.role,
    status: 'active',
    ...changes,
  });

  describe('users', () => {
    it('edits name, e-mail, role and status, with an audit entry of before and after and the address', async () => {
      const { session } = await customer();
      const email = `renamed.${randomUUID().slice(0, 8)}@example.com`;
      const response = await call(
        'PATCH',
        `/api/admin/users/${session.user.id}`,
        admin,
        editBody(session, { firstName: 'Grace', email: email.toUpperCase(), role: SUPPORT_ROLE }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await userRow(session.user.id)).toMatchObject({ firstName: 'Grace', email, role: SUPPORT_ROLE });
      const [entry] = await auditOf(session.user.id).then((rows) => rows.filter((r) => r.action === 'user.update'));
      expect(entry).toMatchObject({ actorId: admin.user.id, entityType: 'user', clientIp: '203.0.113.7' });
      expect(JSON.parse(entry!.before!)).toMatchObject({ firstName: 'Ada', role: 0 });
      expect(JSON.parse(entry!.after!)).toMatchObject({ firstName: 'Grace', email, role: SUPPORT_ROLE });
      expect(entry!.before).not.toContain('passwordHash');
    });

    it('refuses a taken e-mail (409), an unknown role or status (400 by field); nothing changes', async () => {
      const { session } = await customer();
      const { session: other } = await customer();
      const url = `/api/admin/users/${session.user.id}`;
      const taken = await call('PATCH', url, admin, editBody(session, { email: other.user.email }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe('EMAIL_TAKEN');
      const role = await call('PATCH', url, admin, editBody(session, { role: 7 }));
      expect(role.statusCode).toBe(400);
      expect(role.json().error.fields.role.code).toBe('validation.role');
      const status = await call('PATCH', url, admin, editBody(session, { status: 'banned' }));
      expect(status.statusCode).toBe(400);
      expect(status.json().error.fields.status.code).toBe('validation.userStatus');
      expect(await userRow(session.user.id)).toMatchObject({ email: session.user.email, role: 0, status: 'active' });
      expect((await auditOf(session.user.id)).map((entry) => entry.action)).toEqual(['auth.register']);
    });

    it('suspends: sign-in answers ACCOUNT_SUSPENDED and every session ends; activate lets it in again', async () => {
      const { session, account } = await customer();
      // The reason is required and kept in the audit entry (decision 048).
      for (const body of [undefined, {}, { reason: ' x ' }]) {
        const refused = await call('POST', `/api/admin/users/${session.user.id}/suspend`, admin, body);
        expect(refused.statusCode, refused.body).toBe(400);
      }
      expect((await userRow(session.user.id)).status).toBe('active');
      const suspend = await call('POST', `/api/admin/users/${session.user.id}/suspend`, admin, SUSPEND);
      expect(suspend.statusCode, suspend.body).toBe(200);
      expect(suspend.json()).toEqual({ id: session.user.id, status: 'suspended' });
      expect((await refresh(ctx.app, session.refresh_token)).statusCode).toBe(401);
      const refused = await login(ctx.app, { email: account.email, password: PASSWORD });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('ACCOUNT_SUSPENDED');
      const again = await call('POST', `/api/admin/users/${session.user.id}/suspend`, admin, SUSPEND);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('INVALID_STATE');

      const activate = await call('POST', `/api/admin/users/${session.user.id}/activate`, admin);
      expect(activate.json()).toEqual({ id: session.user.id, status: 'active' });
      expect((await login(ctx.app, { email: account.email, password: PASSWORD })).statusCode).toBe(200);
      const entries = await auditOf(session.user.id);
      expect(entries.map((entry) => entry.action)).toEqual([
        'auth.register',
        'user.suspend',
        'user.activate',
        'auth.signIn',
      ]);
      expect(JSON.parse(entries[1]!.after!)).toEqual({ status: 'suspended', reason: SUSPEND.reason });
      expect(JSON.parse(entries[2]!.after!)).toEqual({ status: 'active', reason: null });
    });

    it('a wrong password of a suspended account still answers INVALID_CREDENTIALS (no hint)', async () => {
      const { session, account } = await customer();
      await call('POST', `/api/admin/users/${session.user.id}/suspend`, admin, SUSPEND);
      const response = await login(ctx.app, { email: account.email, password: 'wrong password here' });
      expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
    });

    it('support and billing may not change accounts (403), and nothing changes', async () => {
      const { session } = await customer();
      for (const staff of [support, billing]) {
        for (const [method, path, body] of [
          ['POST', 'suspend', SUSPEND],
          ['PATCH', '', editBody(session, { firstName: 'X' })],
          ['DELETE', '', { confirmEmail: session.user.email }],
        ] as const) {
          const response = await call(
            method,
            `/api/admin/users/${session.user.id}/${path}`.replace(/\/$/, ''),
            staff,
            body,
          );
          expect(response.statusCode, `${staff.user.role} ${method} ${path}`).toBe(403);
        }
      }
      expect(await userRow(session.user.id)).toMatchObject({ status: 'active', firstName: 'Ada', deletedAt: null });
    });

    it('nobody demotes, suspends or deletes their own account (409 OWN_ACCOUNT)', async () => {
      const url = `/api/admin/users/${admin.user.id}`;
      for (const response of [
        await call(
          'PATCH',
          url,
          admin,
          editBody({ ...admin, user: { ...admin.user, role: ADMIN_ROLE } }, { role: CUSTOMER_ROLE }),
        ),
        await call('POST', `${url}/suspend`, admin, SUSPEND),
        await call('DELETE', url, admin, { confirmEmail: admin.user.email }),
      ]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().error.code).toBe('OWN_ACCOUNT');
      }
      const rename = await call(
        'PATCH',
        url,
        admin,
        editBody({ ...admin, user: { ...admin.user, role: ADMIN_ROLE } }, { lastName: 'Renamed' }),
      );
      expect(rename.statusCode).toBe(200);
      expect(await userRow(admin.user.id)).toMatchObject({ role: ADMIN_ROLE, status: 'active', lastName: 'Renamed' });
    });

    it('two administrators demoting each other at once leave one administrator', async () => {
      const first = await staffSession(ctx.app, ADMIN_ROLE);
      const second = await staffSession(ctx.app, ADMIN_ROLE);
      // Only these two administrators are active during this test.
      await ctx.app.database.db
        .updateTable('users')
        .set({ role: SUPPORT_ROLE })
        .where('id', '=', admin.user.id)
        .execute();
      try {
        const demote = (by: Session, target: Session) =>
          call('PATCH', `/api/admin/users/${target.user.id}`, by, editBody(target, { role: CUSTOMER_ROLE }));
        const answers = await Promise.all([demote(first, second), demote(second, first)]);
        expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
        const refused = answers.find((a) => a.statusCode !== 200)!;
        expect([403, 409]).toContain(refused.statusCode);
        if (refused.statusCode === 409) expect(refused.json().error.code).toBe('LAST_ADMINISTRATOR');
        const admins = await ctx.app.database.db
          .selectFrom('users')
          .select('id')
          .where('role', '=', ADMIN_ROLE)
          .where('id', 'in', [first.user.id, second.user.id])
          .execute();
        expect(admins).toHaveLength(1);
      } finally {
        await ctx.app.database.db
          .updateTable('users')
          .set({ role: ADMIN_ROLE })
          .where('id', '=', admin.user.id)
          .execute();
      }
    });

    it('deletes after the e-mail is confirmed: sign-in and personal data go, the ledger stays', async () => {
      const { session, account } = await customer();
      const url = `/api/admin/users/${session.user.id}`;
      await call(
        'POST',
        `${url}/credit`,
        billing,
        { direction: 'add', amount: '12.50', reason: 'Goodwill' },
        {
          'idempotency-key': randomUUID(),
        },
      );
      const wrong = await call('DELETE', url, admin, { confirmEmail: 'someone@else.example' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields.confirmEmail.code).toBe('validation.confirmEmail');
      const deleted = await call('DELETE', url, admin, { confirmEmail: account.email.toUpperCase() });
      expect(deleted.statusCode, deleted.body).toBe(204);
      const row = await userRow(session.user.id);
      expect(row.email).toBe(`deleted-${session.user.id}@deleted.invalid`);
      expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'account' });
      expect(row.deletedAt).not.toBeNull();
      expect(await balanceOf(ctx.app.database.db, session.user.id)).toBe(1250);
      expect((await login(ctx.app, { email: account.email, password: PASSWORD })).statusCode).toBe(401);
      expect((await refresh(ctx.app, session.refresh_token)).statusCode).toBe(401);
      const signIns = await ctx.app.database.db
        .selectFrom('signIns')
        .select('userId')
        .where('userId', '=', session.user.id)
        .execute();
      expect(signIns).toHaveLength(0);
      const entry = (await auditOf(session.user.id)).find((e) => e.action === 'user.delete')!;
      expect(`${entry.before}${entry.after}`).not.toContain(account.email);
      expect((await call('DELETE', url, admin, { confirmEmail: account.email })).statusCode).toBe(404);
    });

    it('adds and deducts credit once per key, in cents, with a reason; a deduction past the balance is refused', async () => {
      const { session } = await customer();
      const url = `/api/admin/users/${session.user.id}/credit`;
      const key = randomUUID();
      const add = { direction: 'add', amount: '20.05', reason: 'Outage compensation' };
      const first = await call('POST', url, billing, add, { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().balance).toEqual({ amountMinor: 2005, currency: 'USD' });
      const retry = await call('POST', url, billing, add, { 'idempotency-key': key });
      expect(retry.json()).toEqual(first.json());
      const deduct = await call(
        'POST',
        url,
        admin,
        { direction: 'deduct', amount: 5, reason: 'Correction' },
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(deduct.json().balance.amountMinor).toBe(1505);
      const tooMuch = await call(
        'POST',
        url,
        admin,
        { direction: 'deduct', amount: 100, reason: 'Too much' },
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().error.code).toBe('INSUFFICIENT_FUNDS');
      const bad = await call(
        'POST',
        url,
        admin,
        { direction: 'add', amount: '1.234', reason: 'x' },
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['amount', 'reason']);
      const bySupport = await call('POST', url, support, add, { 'idempotency-key': randomUUID() });
      expect(bySupport.statusCode).toBe(403);
      expect(await balanceOf(ctx.app.database.db, session.user.id)).toBe(1505);
      const entries = (await auditOf(session.user.id)).filter((e) => e.action === 'user.credit');
      expect(entries.map((e) => JSON.parse(e.after!).amountMinor)).toEqual([2005, -500]);
    });

    it('filters by registration days', async () => {
      const response = await getAs(
        ctx.app,
        '/api/admin/users?registeredFrom=2000-01-01&registeredTo=2000-01-02',
        admin,
      );
      expect(response.json().total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      const all = await getAs(ctx.app, `/api/admin/users?registeredFrom=${today}&pageSize=50`, admin);
      expect(all.json().total).toBeGreaterThan(3);
      expect((await getAs(ctx.app, '/api/admin/users?registeredFrom=2026-02-30', admin)).statusCode).toBe(400);
    });
  });

  describe('payments', () => {
    const pendingTransfer = async (amount = '40') => {
      const { session } = await customer();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/finance/top-ups',
        headers: { authorization: `Bearer ${session.access_token}`, 'idempotency-key': randomUUID() },
        payload: { method: 'bank_transfer', amount },
      });
      expect(response.statusCode).toBe(201);
      return { session, paymentId: response.json().payment.id as string };
    };

    it('shows a payment with its invoice and ledger entries; support may not', async () => {
      const { paymentId, session } = await pendingTransfer();
      const view = await getAs(ctx.app, `/api/admin/payments/${paymentId}`, billing);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json()).toMatchObject({
        id: paymentId,
        status: 'pending',
        owner: { id: session.user.id },
        amount: { amountMinor: 4000 },
        invoice: { status: 'unpaid' },
        ledger: [],
      });
      expect((await getAs(ctx.app, `/api/admin/payments/${paymentId}`, support)).statusCode).toBe(403);
      expect((await getAs(ctx.app, '/api/admin/payments/nope', admin)).statusCode).toBe(404);
    });

    it('two approvals at the same moment credit once; the other answers 409', async () => {
      const { paymentId, session } = await pendingTransfer('75');
      const answers = await Promise.all([
        call('POST', `/api/admin/payments/${paymentId}/approve`, admin),
        call('POST', `/api/admin/payments/${paymentId}/approve`, billing),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error.code).toBe('INVALID_STATE');
      expect(await balanceOf(ctx.app.database.db, session.user.id)).toBe(7500);
      const view = (await getAs(ctx.app, `/api/admin/payments/${paymentId}`, admin)).json();
      expect(view).toMatchObject({ status: 'completed', invoice: { status: 'paid' } });
      expect(view.ledger).toHaveLength(1);
      const notes = await ctx.app.database.db
        .selectFrom('notifications')
        .select('key')
        .where('userId', '=', session.user.id)
        .execute();
      expect(notes.map((n) => n.key)).toContain('paymentReceived');
      const audit = (await auditOf(paymentId)).filter((e) => e.action === 'payment.approve');
      expect(audit).toHaveLength(1);
      expect(audit[0]!.clientIp).toBe('203.0.113.7');
    });

    it('declines with a reason (400 without), notifies, and a settled payment answers 409', async () => {
      const { paymentId, session } = await pendingTransfer();
      const url = `/api/admin/payments/${paymentId}/decline`;
      const noReason = await call('POST', url, billing, { reason: ' ' });
      expect(noReason.json().error.fields.reason.code).toBe('validation.reason');
      const declined = await call('POST', url, billing, { reason: 'No transfer arrived' });
      expect(declined.statusCode).toBe(200);
      expect(declined.json()).toMatchObject({ status: 'failed', declineReason: 'No transfer arrived' });
      expect((await call('POST', `/api/admin/payments/${paymentId}/approve`, admin)).statusCode).toBe(409);
      expect(await balanceOf(ctx.app.database.db, session.user.id)).toBe(0);
      const support403 = await call('POST', url, support, { reason: 'No transfer arrived' });
      expect(support403.statusCode).toBe(403);
    });

    it('approves with an optional reason kept in the audit entry; a bad reason is refused first', async () => {
      const { paymentId } = await pendingTransfer();
      const url = `/api/admin/payments/${paymentId}/approve`;
      const bad = await call('POST', url, billing, { reason: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.reason.code).toBe('validation.reason');
      const approved = await call('POST', url, billing, { reason: 'Transfer seen on the statement' });
      expect(approved.statusCode, approved.body).toBe(200);
      const [entry] = (await auditOf(paymentId)).filter((e) => e.action === 'payment.approve');
      expect(JSON.parse(entry!.after!)).toMatchObject({
        status: 'completed',
        reason: 'Transfer seen on the statement',
      });
    });

    it("the audit log names each entry's record on the server: a user's name and e-mail, an invoice number", async () => {
      const { session, account } = await customer();
      await call('POST', `/api/admin/users/${session.user.id}/suspend`, admin, SUSPEND);
      const page = await getAs(ctx.app, `/api/admin/audit?action=user.suspend&q=${admin.user.email}`, admin);
      const entry = page.json().items.find((item: { entityId: string }) => item.entityId === session.user.id);
      expect(entry.target).toEqual({ name: `${account.firstName} ${account.lastName}`, detail: account.email });

      const { paymentId } = await pendingTransfer();
      await call('POST', `/api/admin/payments/${paymentId}/approve`, admin);
      const invoice = await ctx.app.database.db
        .selectFrom('payments')
        .innerJoin('invoices', 'invoices.id', 'payments.invoiceId')
        .select('invoices.number')
        .where('payments.id', '=', paymentId)
        .executeTakeFirstOrThrow();
      const approvals = await getAs(ctx.app, `/api/admin/audit?action=payment.approve&q=${admin.user.email}`, admin);
      const approval = approvals.json().items.find((item: { entityId: string }) => item.entityId === paymentId);
      expect(approval.target).toEqual({ name: invoice.number, detail: null });
    });
  });

  describe('exports', () => {
    it('exports every account the search matches as CSV: BOM, headings in the language, formulas neutralised', async () => {
      const tag = randomUUID().slice(0, 8);
      await insertUsers(
        ctx.app,
        Array.from({ length: 3 }, (_, i) => ({
          email: `export.${tag}.${i}@example.com`,
          firstName: i === 0 ? '=HYPERLINK("http://evil")' : 'Плain',
          lastName: `Row${i}`,
        })),
      );
      const response = await getAs(
        ctx.app,
        `/api/admin/users/export?q=export.${tag}&sort=email&order=asc&lang=en`,
        support,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('users.csv');
      expect(response.body.startsWith('\uFEFFUser,E-mail,Role,Status,')).toBe(true);
      const lines = response.body.trim().split('\r\n');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"") Row0",export.${tag}.0@example.com,Customer,Active,`);
      const ru = await getAs(ctx.app, `/api/admin/users/export?q=export.${tag}&lang=ru`, admin);
      expect(ru.body.startsWith('\uFEFFПользователь;E-mail;Роль;Статус;')).toBe(true);
      expect(ru.body).toContain('Плain Row1');
      expect((await getAs(ctx.app, `/api/admin/users/export?lang=de`, admin)).statusCode).toBe(400);
      expect((await getAs(ctx.app, '/api/admin/users/export', (await customer()).session)).statusCode).toBe(403);
    });

    it('exports more rows than one batch, and the audit log with its filters', async () => {
      const tag = randomUUID().slice(0, 8);
      await insertUsers(
        ctx.app,
        Array.from({ length: 520 }, (_, i) => ({ email: `bulk.${tag}.${String(i).padStart(3, '0')}@example.com` })),
      );
      const bulk = await getAs(ctx.app, `/api/admin/users/export?q=bulk.${tag}`, admin);
      expect(bulk.body.trim().split('\r\n')).toHaveLength(521);
      const audit = await getAs(ctx.app, '/api/admin/audit/export?action=user.suspend&lang=en', admin);
      expect(audit.statusCode).toBe(200);
      const lines = audit.body.split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('\uFEFFWhen,Person,Action,Record,Before,After,Address');
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((line) => line.includes('Account suspended'))).toBe(true);
      expect((await getAs(ctx.app, '/api/admin/audit/export', billing)).statusCode).toBe(403);
    });
  });

  describe('audit log', () => {
    it('records every sign-in with its address, and lists, filters and pages entries for audit.read only', async () => {
      const { account, session } = await customer();
      await login(ctx.app, { email: account.email, password: PASSWORD }, { remoteAddress: '198.51.100.9' });
      const signIns = (await auditOf(session.user.id)).filter((e) => e.action === 'auth.signIn');
      expect(signIns.at(-1)).toMatchObject({ actorId: session.user.id, clientIp: '198.51.100.9' });

      const page = await getAs(ctx.app, `/api/admin/audit?action=auth.signIn&q=${account.email}`, admin);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().total).toBe(1);
      const all = await getAs(ctx.app, `/api/admin/audit?q=${account.email}`, admin);
      expect(all.json().items.map((item: { action: string }) => item.action)).toEqual(['auth.signIn', 'auth.register']);
      expect(page.json().items[0]).toMatchObject({
        action: 'auth.signIn',
        actor: { id: session.user.id, email: account.email },
        entityId: session.user.id,
        clientIp: '198.51.100.9',
      });
      const today = new Date().toISOString().slice(0, 10);
      const dated = await getAs(ctx.app, `/api/admin/audit?from=${today}&to=${today}&pageSize=10`, admin);
      expect(dated.json().total).toBeGreaterThan(10);
      expect(dated.json().items).toHaveLength(10);
      const none = await getAs(ctx.app, '/api/admin/audit?from=2000-01-01&to=2000-01-01', admin);
      expect(none.json()).toMatchObject({ total: 0, items: [] });
      expect((await getAs(ctx.app, '/api/admin/audit?action=user.hack', admin)).statusCode).toBe(400);
      for (const staff of [support, billing]) {
        expect((await getAs(ctx.app, '/api/admin/audit', staff)).statusCode).toBe(403);
      }
    });

    it('offers no way to edit or delete an entry', async () => {
      const [entry] = await ctx.app.database.db.selectFrom('auditLog').select('id').limit(1).execute();
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const response = await call(method, `/api/admin/audit/${entry!.id}`, admin, {});
        expect([404, 405]).toContain(response.statusCode);
      }
      const stored = await ctx.app.database.db
        .selectFrom('auditLog')
        .select('id')
        .where('id', '=', entry!.id)
        .execute();
      expect(stored).toHaveLength(1);
    });
  });
});
