import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each table has one owning module, and only that module's repositories (`*.repository.ts`) query it
 * (docs/decisions/056-module-shape.md, "Addendum (2026-11-27): tables have one owner"). Another module reaches
 * the rows through the owner's exported functions, passing its transaction handle along. This test reads the
 * API's source the way a reviewer would: every Kysely query builder call (`selectFrom`, `insertInto`,
 * `updateTable`, `deleteFrom`, the joins) and every raw `sql` text that names a table.
 */

const SRC = import.meta.dirname;

/** The owner of every table of `db/schema.ts`'s `Database`. */
export const TABLE_OWNERS: Record<string, string> = {
  users: 'accounts',
  refreshTokens: 'accounts',
  accountTokens: 'accounts',
  signIns: 'accounts',
  accountGenerations: 'accounts',
  twoFactor: 'accounts',
  recoveryCodes: 'accounts',
  signInChallenges: 'accounts',
  servers: 'servers',
  serverUsageSamples: 'servers',
  nodeMetrics: 'servers',
  services: 'services',
  serviceUsageSamples: 'services',
  serviceUsage: 'services',
  serviceDomains: 'services',
  domains: 'domains',
  dnsRecords: 'domains',
  invoices: 'billing',
  invoiceLines: 'billing',
  payments: 'billing',
  ledgerEntries: 'billing',
  renewalInvoices: 'billing',
  paymentMethods: 'billing',
  counters: 'billing',
  tickets: 'support',
  ticketMessages: 'support',
  notifications: 'notifications',
  activity: 'notifications',
  knowledgeArticles: 'knowledge',
  auditLog: 'audit',
  statusHistory: 'scheduler',
  schedulerJobs: 'scheduler',
  orders: 'ordering',
  orderLines: 'ordering',
  errorLog: 'operations',
  certificates: 'certificates',
  previousCertificates: 'certificates',
  dnsChallengeLocks: 'certificates',
  provisioningTasks: 'provisioning',
  provisioningCalls: 'provisioning',
  // Shared by key: each module reads and writes only its own keys, through its own repository.
  settings: '*',
  // The lower layer's own tables: an idempotent request's stored answer, the ordered-ids cache's generations.
  idempotencyKeys: 'lib',
  listGenerations: 'lib',
};

/**
 * Files outside `modules/` that may query, each with the tables it touches and why. A lower layer imports no
 * module, so what it needs of a module's rows it reads itself, in one place.
 */
const LOWER_LAYER: Record<string, { tables: string[]; why: string }> = {
  'lib/journal.ts': {
    tables: ['activity', 'notifications', 'statusHistory'],
    why: "the one writer of a change's activity, notification and status history (its audit entry through lib/audit.ts), inside every module's transaction",
  },
  'lib/audit.ts': { tables: ['auditLog'], why: "writes the audit entry the journal's callers describe" },
  'lib/idempotency.ts': {
    tables: ['idempotencyKeys', 'users'],
    why: "stores a request's answer per key and account, and serialises an account's money requests on its row",
  },
  'lib/reader-language.ts': { tables: ['users'], why: 'the language a mail is written in, for every mail writer' },
  'plugins/authenticate.ts': {
    tables: ['users', 'refreshTokens', 'accountGenerations'],
    why: 'the request hook that checks a session before any module runs',
  },
  'plugins/authorize.ts': {
    tables: ['users', 'twoFactor', 'settings', 'accountGenerations', 'listGenerations'],
    why: "the staff guard, one statement per request: role, permissions, two-factor state, the sign-in rules and the answer cache's generations",
  },
};

/**
 * Read models: repositories that read other modules' tables in one statement on purpose, with the reason. Writes
 * never appear here.
 */
const READ_MODELS: Record<string, { tables: string[]; why: string }> = {
  'modules/accounts/users.repository.ts': {
    tables: ['services', 'domains', 'listGenerations'],
    why: "the staff accounts list: each row's service and domain counts, and the list's generation, in the statement that pages it (decision 025)",
  },
  'modules/audit/audit.repository.ts': {
    tables: ['users'],
    why: "the audit log shows and searches each entry by its actor's name and e-mail",
  },
  'modules/billing/billing.repository.ts': {
    tables: ['orders', 'users'],
    why: "the customer's transactions name the order a payment paid, in the one union that pages them; the staff payments list shows, searches and sorts by the payer (decision 025)",
  },
  'modules/certificates/certificates.repository.ts': {
    tables: ['services', 'users'],
    why: "the staff certificates list searches and sorts by the service's domain and its owner",
  },
  'modules/dashboard/dashboard.repository.ts': {
    tables: [
      'services',
      'domains',
      'tickets',
      'ledgerEntries',
      'notifications',
      'activity',
      'serviceUsageSamples',
      'users',
    ],
    why: "the customer's dashboard summary and trends, one statement per figure, read for the prerendered first paint (decision 065)",
  },
  'modules/dashboard/overview.repository.ts': {
    tables: [
      'users',
      'services',
      'servers',
      'serverUsageSamples',
      'domains',
      'payments',
      'tickets',
      'activity',
      'orders',
    ],
    why: "the staff overview's figures and trends, one query per figure",
  },
  'modules/domains/domains.repository.ts': {
    tables: ['users'],
    why: "the staff domains list and a domain's staff page show, search and sort by the owner (decision 025)",
  },
  'modules/ordering/orders.repository.ts': {
    tables: ['payments', 'users'],
    why: 'the orders lists: the owner, and whether a bank transfer waits, per row of the statement that pages them',
  },
  'modules/provisioning/provisioning.repository.ts': {
    tables: ['users', 'services', 'domains', 'servers'],
    why: "the staff task list shows and searches by owner, resource and server; the usage collection's candidates test per hosting service whether a web-node task made it",
  },
  'modules/scheduler/scheduler.repository.ts': {
    tables: ['users'],
    why: 'the status history names the staff member behind each change',
  },
  'modules/servers/servers.repository.ts': {
    tables: ['services'],
    why: "the servers list's placed-service counts (its column, sort and summary) and the delete check",
  },
  'modules/services/services.repository.ts': {
    tables: ['users', 'servers'],
    why: "the staff services list and a service's staff page show, search and sort by owner and server (decision 025)",
  },
  'modules/support/support.repository.ts': {
    tables: ['users'],
    why: "the queue and the conversation name the customer, the assignee and each message's author",
  },
};

/** Folders whose files are not the running product's queries. */
const SKIPPED = [/\.test\.ts$/, /^test\//, /^db\/migrations\//, /^demo\//, /\.d\.ts$/];

const BUILDER =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|innerJoinLateral|leftJoinLateral)\(\s*\[?\s*'([A-Za-z_]+)(?:\s+as\s+\w+)?'/g;
const WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*'([A-Za-z_]+)(?:\s+as\s+\w+)?'/g;
const RAW_SQL = /sql(?:<[^`]*?>)?`([^`]*)`/g;
const RAW_TABLE = /\b(?:from|join|into|update)\s+([a-z_]+)/gi;

const snakeToCamel = (name: string) => name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The tables a source text queries, each once, in order of appearance. */
export function tablesQueried(source: string): string[] {
  const found = new Set<string>();
  for (const match of source.matchAll(BUILDER)) if (match[2]! in TABLE_OWNERS) found.add(match[2]!);
  for (const match of source.matchAll(RAW_SQL)) {
    for (const raw of match[1]!.matchAll(RAW_TABLE)) {
      const table = snakeToCamel(raw[1]!.toLowerCase());
      if (table in TABLE_OWNERS) found.add(table);
    }
  }
  return [...found];
}

/** The tables a source text writes with the query builder. */
export function tablesWritten(source: string): string[] {
  return [...new Set([...source.matchAll(WRITE)].map((match) => match[2]!).filter((table) => table in TABLE_OWNERS))];
}

function sourceFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix + entry.name;
    if (entry.isDirectory()) return sourceFiles(path.join(dir, entry.name), `${relative}/`);
    return entry.name.endsWith('.ts') && !SKIPPED.some((pattern) => pattern.test(relative)) ? [relative] : [];
  });
}

/** What breaks the rule, one line per file and table. */
export function ownershipViolations(files: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    const tables = tablesQueried(source);
    if (tables.length === 0) continue;
    const module = /^modules\/([^/]+)\//.exec(file)?.[1];
    if (!module) {
      const allowed = LOWER_LAYER[file]?.tables ?? [];
      for (const table of tables.filter((t) => !allowed.includes(t))) {
        problems.push(`${file}: a lower layer queries ${table} (owned by ${TABLE_OWNERS[table]})`);
      }
      continue;
    }
    if (!file.endsWith('.repository.ts')) {
      problems.push(`${file}: queries ${tables.join(', ')} outside a repository`);
      continue;
    }
    const readModel = READ_MODELS[file]?.tables ?? [];
    const written = tablesWritten(source);
    for (const table of tables) {
      const owner = TABLE_OWNERS[table];
      if (owner === module || owner === '*') continue;
      if (written.includes(table)) problems.push(`${file}: writes ${table}, which ${owner} owns`);
      else if (!readModel.includes(table)) problems.push(`${file}: queries ${table}, which ${owner} owns`);
    }
  }
  return problems;
}

describe('every table has one owner, and only its repositories query it (decision 056)', () => {
  it('names an owner for every table of the schema', () => {
    const schema = fs.readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
    const body = /export interface Database \{([^}]*)\}/.exec(schema)![1]!;
    const tables = [...body.matchAll(/^\s+(\w+):/gm)].map((match) => match[1]);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(tables.sort());
  });

  it('finds the tables of builder calls, joins, aliases and raw SQL, and nothing in plain text', () => {
    const source = [
      "db.selectFrom('services as s').innerJoin('users as u', 'u.id', 's.userId')",
      "trx.insertInto('ledgerEntries'); trx.updateTable('orders'); trx.deleteFrom('service_domains_not_a_table')",
      "eb.selectFrom(['domains']); sql`select 1 from provisioning_tasks t join dns_records r on r.x = t.y`",
      "const words = 'select * from invoices'; // a comment naming from payments",
    ].join('\n');
    expect(tablesQueried(source)).toEqual([
      'services',
      'users',
      'ledgerEntries',
      'orders',
      'domains',
      'provisioningTasks',
      'dnsRecords',
    ]);
  });

  it("refuses a query outside a repository, another module's table, a read model's write, and a lower layer beyond its list", () => {
    expect(
      ownershipViolations({
        'modules/billing/renew.ts': "trx.updateTable('invoices')",
        'modules/billing/ledger.repository.ts': "db.selectFrom('invoices').innerJoin('orders', 'a', 'b')",
        'modules/billing/billing-settings.repository.ts': "db.selectFrom('settings')",
        'modules/support/support.repository.ts':
          "db.selectFrom('tickets').leftJoin('users', 'a', 'b'); trx.updateTable('users')",
        'lib/journal.ts': "trx.insertInto('activity'); trx.insertInto('payments')",
      }),
    ).toEqual([
      'modules/billing/renew.ts: queries invoices outside a repository',
      'modules/billing/ledger.repository.ts: queries orders, which ordering owns',
      'modules/support/support.repository.ts: writes users, which accounts owns',
      'lib/journal.ts: a lower layer queries payments (owned by billing)',
    ]);
  });

  it('holds for the whole API', () => {
    const files = Object.fromEntries(
      sourceFiles(SRC).map((file) => [file, fs.readFileSync(path.join(SRC, file), 'utf8')] as const),
    );
    expect(ownershipViolations(files)).toEqual([]);
  });

  it('lists only read models and lower-layer files that exist and still read what they name', () => {
    for (const [file, { tables }] of Object.entries({ ...READ_MODELS, ...LOWER_LAYER })) {
      const source = fs.readFileSync(path.join(SRC, file), 'utf8');
      expect(tablesQueried(source), file).toEqual(expect.arrayContaining(tables));
    }
  });
});
