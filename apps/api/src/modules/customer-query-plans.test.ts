import { DEMO_CUSTOMER } from '@hostpilot/shared';
import {
  type CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { createBillingRepository } from './billing/billing.repository';
import { invoiceDetail } from './billing/invoice-detail';
import { dashboardSummary, dashboardSummaryDeps } from './dashboard';
import { listOwnDomains, ownDomain } from './domains/customer-domains';
import { createNotificationsRepository } from './notifications/notifications.repository';
import { listOwnHosting, listOwnOtherServices, ownHosting } from './services/customer-services';
import { createSupportRepository } from './support/support.repository';

/** Tables that grow with the number of customers: no customer query may read one of them in full. */
const BIG_TABLES = [
  'users',
  'services',
  'domains',
  'dns_records',
  'invoices',
  'invoice_lines',
  'payments',
  'ledger_entries',
  'tickets',
  'ticket_messages',
  'notifications',
  'activity',
  'server_usage_samples',
  // the aliases the repositories give them: ledger_entries l, payments p, ticket_messages m, users u
  'l',
  'p',
  'm',
  'u',
];

/** Records the SQL of every query the wrapped Kysely runs. */
class CaptureSql implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe(`customer queries use indexes (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  const compiled: CompiledQuery[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ SEED_DEMO: 'true', SEED_SCALE: '50' });
    const capture = new CaptureSql();
    const base = ctx.app.database.db;
    const db = base.withPlugin(capture);
    const user = await base
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_CUSTOMER.email)
      .executeTakeFirstOrThrow();
    const id = user.id;
    const now = Date.now();
    const list = { page: 2, pageSize: 10, order: 'desc', q: 'my' } as const;
    await dashboardSummary(dashboardSummaryDeps(db, { now: () => now }), id);
    await listOwnHosting(db, id, { ...list, sort: 'expiresAt' }, now);
    await listOwnOtherServices(db, id, { ...list, sort: 'createdAt' }, now);
    const hosting = await base.selectFrom('services').select('id').where('userId', '=', id).executeTakeFirstOrThrow();
    await ownHosting(db, id, hosting.id, now);
    await listOwnDomains(db, id, { ...list, sort: 'name' });
    const domain = await base.selectFrom('domains').select('id').where('userId', '=', id).executeTakeFirstOrThrow();
    await ownDomain(db, id, domain.id);
    const billing = createBillingRepository(db);
    await billing.listTransactions(id, { ...list, q: undefined, sort: 'date' });
    await billing.listInvoices(id, { ...list, sort: 'issuedAt' });
    const invoice = await base.selectFrom('invoices').select('id').where('userId', '=', id).executeTakeFirstOrThrow();
    await invoiceDetail({ db }, id, invoice.id);
    const support = createSupportRepository(db);
    await support.list(id, { ...list, sort: 'updatedAt' });
    const ticket = await base.selectFrom('tickets').select('id').where('userId', '=', id).executeTakeFirstOrThrow();
    await support.find(id, ticket.id);
    await createNotificationsRepository(db).list(id, { ...list, q: undefined, sort: 'createdAt', read: 'unread' });
    const executor = base.getExecutor();
    for (const node of capture.nodes) compiled.push(executor.compileQuery(node, { queryId: 'plan' }));
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('reads no table that grows with the customers in full', async () => {
    expect(compiled.length).toBeGreaterThan(20);
    const db = ctx.app.database.db;
    for (const query of compiled) {
      let plan: string;
      if (ctx.app.database.kind === 'sqlite') {
        const result = await db.executeQuery<{ detail: string }>({
          ...query,
          sql: `explain query plan ${query.sql}`,
        });
        plan = result.rows.map((r) => r.detail).join('\n');
        for (const table of BIG_TABLES) {
          // "SCAN services" reads every row; "SEARCH services USING INDEX ..." does not.
          expect(plan, query.sql).not.toMatch(new RegExp(`\\bSCAN ${table}\\b(?! USING (COVERING )?INDEX)`));
        }
      } else {
        plan = await db.transaction().execute(async (trx) => {
          // With little data PostgreSQL would rightly prefer a sequential scan: forbid it to see the index chosen.
          await sql`set local enable_seqscan = off`.execute(trx);
          const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
          return result.rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        for (const table of BIG_TABLES) {
          expect(plan, query.sql).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
        }
      }
    }
  });
});
