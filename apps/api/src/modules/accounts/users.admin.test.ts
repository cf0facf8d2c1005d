import { ADMIN_ROLE, SUPPORT_ROLE } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEST_ENV, getAs, insertUsers, queryPlan, staffSession } from '../../test/admin';
import type { Session } from '../../test/auth';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { contains } from '../../lib/search';
import { pageByIds } from './users.repository';

const DAY = 86_400_000;

describe(`GET /api/admin/users (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let admin: Session;
  const base = Date.UTC(2026, 10, 1);

  beforeAll(async () => {
    ctx = await createTestApp(ADMIN_TEST_ENV);
    admin = await staffSession(ctx.app, ADMIN_ROLE);
    // 57 ordinary customers (one suspended), plus accounts whose e-mail or name holds a character that is
    // special to LIKE, to SQL or to FTS5.
    await insertUsers(
      ctx.app,
      Array.from({ length: 57 }, (_, i) => ({
        email: `customer${String(i).padStart(2, '0')}@list.example`,
        firstName: 'Customer',
        lastName: `Number${i}`,
        createdAt: base + i * DAY,
        lastSignInAt: i % 3 === 0 ? null : base + (57 - i) * DAY,
        status: i === 5 ? ('suspended' as const) : ('active' as const),
      })),
    );
    await insertUsers(ctx.app, [
      { email: 'per%cent@odd.example', lastName: 'Percent' },
      { email: 'under_score@odd.example', lastName: 'Underscore' },
      { email: "o'brien@odd.example", lastName: 'Quote' },
      { email: 'back\\slash@odd.example', lastName: 'Backslash' },
      { email: 'dq@odd.example', lastName: 'The "Quoted" One' },
      { email: 'cyrillic@odd.example', firstName: 'Ёлка', lastName: 'Иванова' },
      { email: 'staff-support@odd.example', role: SUPPORT_ROLE },
    ]);
  });

  afterAll(async () => {
    await ctx.close();
  });

  const list = (query: string, session: Session = admin) => getAs(ctx.app, `/api/admin/users?${query}`, session);
  const emails = async (query: string) => {
    const response = await list(query);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return (response.json().items as { email: string }[]).map((item) => item.email);
  };

  it('pages on the server with the real total; sizes 10 (default), 20 and 50', async () => {
    const all = 57 + 7 + 1; // fixtures, the odd ones, the administrator
    const first = (await list('')).json();
    expect(first).toMatchObject({ total: all, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    for (const size of [20, 50]) {
      const page = (await list(`pageSize=${size}&page=2`)).json();
      expect(page).toMatchObject({ total: all, page: 2, pageSize: size });
      expect(page.items).toHaveLength(Math.min(size, all - size));
    }
    const seen = new Set<string>();
    for (let page = 1; page <= 4; page += 1) {
      for (const item of (await list(`pageSize=20&page=${page}&sort=email`)).json().items) seen.add(item.id);
    }
    expect(seen.size).toBe(all);
  });

  it('answers a page past the end with no rows and the total', async () => {
    const response = await list('page=99&pageSize=50');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], total: 65, page: 99, pageSize: 50 });
  });

  it.each([
    ['pageSize=15', 'pageSize', 'validation.pageSize'],
    ['pageSize=abc', 'pageSize', 'validation.pageSize'],
    ['page=0', 'page', 'validation.page'],
    ['page=-1', 'page', 'validation.page'],
    ['sort=password', 'sort', 'validation.sort'],
    ['order=up', 'order', 'validation.order'],
    ['role=superuser', 'role', 'validation.filter'],
    ['status=deleted', 'status', 'validation.filter'],
    ['colour=red', 'colour', 'validation.unknownField'],
  ])('refuses %s with 400 and a message for the field', async (query, field, code) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toMatchObject({ code });
    expect(typeof body.error.fields[field].message).toBe('string');
  });

  it.each([
    ['%', ['per%cent@odd.example']],
    ['_', ['under_score@odd.example']],
    ["'", ["o'brien@odd.example"]],
    ['\\', ['back\\slash@odd.example']],
    ['"', ['dq@odd.example']],
    ['r%c', ['per%cent@odd.example']],
    ['r_s', ['under_score@odd.example']],
    ["o'b", ["o'brien@odd.example"]],
    ['k\\s', ['back\\slash@odd.example']],
    ['"quoted"', ['dq@odd.example']],
    ['PER%CENT', ['per%cent@odd.example']],
    ['иванова', ['cyrillic@odd.example']],
    ['%%', []],
    ['a_b', []],
  ])('searches %j literally, any case, in e-mail and name', async (q, expected) => {
    expect((await emails(`q=${encodeURIComponent(q)}&sort=email&pageSize=50`)).sort()).toEqual(expected);
  });

  it('finds by any fragment of the e-mail or the name, and counts the matches', async () => {
    const response = (await list('q=customer1&sort=email&order=asc')).json();
    expect(response.total).toBe(10);
    expect(response.items[0].email).toBe('customer10@list.example');
    expect((await list('q=Number42')).json().items.map((u: { email: string }) => u.email)).toEqual([
      'customer42@list.example',
    ]);
    expect((await list('q=%20%20')).json().total).toBe(65); // blank search is no search
  });

  it('filters by role and status', async () => {
    expect(await emails('role=support')).toEqual(['staff-support@odd.example']);
    expect((await list('role=administrator')).json().items.map((u: { id: string }) => u.id)).toEqual([admin.user.id]);
    expect(await emails('status=suspended')).toEqual(['customer05@list.example']);
    expect((await list('role=customer&status=active')).json().total).toBe(62);
  });

  it('sorts by last sign-in, never-signed-in accounts last in either order, ties by id', async () => {
    const desc = (await list('q=list.example&sort=lastSignInAt&order=desc&pageSize=50')).json().items;
    expect(desc[0].email).toBe('customer01@list.example');
    const times = desc.map((u: { lastSignInAt: string | null }) => u.lastSignInAt);
    const firstNull = times.indexOf(null);
    expect(times.slice(firstNull).every((t: string | null) => t === null)).toBe(true);
    expect(times.slice(0, firstNull)).toEqual([...times.slice(0, firstNull)].sort().reverse());
    const asc = (await list('q=list.example&sort=lastSignInAt&order=asc&pageSize=50')).json().items;
    expect(asc[0].lastSignInAt).not.toBeNull();
    expect(asc.at(-1).lastSignInAt).toBeNull();
  });

  it('answers each row with its service counts, times as ISO strings, and no secret', async () => {
    const [owner] = await insertUsers(ctx.app, [{ email: 'owner@counts.example', lastSignInAt: base }]);
    const now = Date.now();
    const service = (id: string, kind: 'hosting' | 'vds', status: 'active' | 'cancelled') => ({
      id,
      userId: owner!,
      kind,
      planId: 'starter',
      name: id,
      serverId: null,
      domain: null,
      status,
      suspensionReason: null,
      priceCents: 999,
      billingPeriod: 'month' as const,
      expiresAt: now + 30 * DAY,
      cancelRequestedAt: null,
      cancelReason: null,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.app.database.db
      .insertInto('services')
      .values([
        service('svc-a', 'hosting', 'active'),
        service('svc-b', 'hosting', 'cancelled'),
        service('svc-c', 'vds', 'active'),
      ])
      .execute();
    await ctx.app.database.db
      .insertInto('domains')
      .values({
        id: 'dom-a',
        userId: owner!,
        name: 'counts-example.com',
        tld: 'com',
        status: 'active',
        registeredAt: now,
        expiresAt: now + 365 * DAY,
        dnsUpdatedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const response = await list('q=owner@counts');
    const [row] = response.json().items;
    expect(row).toEqual({
      id: owner,
      firstName: 'Test',
      lastName: 'User',
      email: 'owner@counts.example',
      role: 0,
      status: 'active',
      preferredLanguage: 'en',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      lastSignInAt: new Date(base).toISOString(),
      services: { hosting: 1, other: 1, domains: 1 },
    });
    expect(response.body).not.toMatch(/hash|password/i);
  });

  it('leaves deleted accounts out', async () => {
    const [gone] = await insertUsers(ctx.app, [{ email: 'gone@deleted.example' }]);
    expect((await list('q=deleted.example')).json().total).toBe(1);
    await ctx.app.database.db.updateTable('users').set({ deletedAt: Date.now() }).where('id', '=', gone!).execute();
    expect((await list('q=deleted.example')).json().total).toBe(0);
  });

  it('keeps the search index in step with e-mail and name changes', async () => {
    const [id] = await insertUsers(ctx.app, [{ email: 'before@rename.example' }]);
    await ctx.app.database.db
      .updateTable('users')
      .set({ email: 'after@rename.example', lastName: 'Renamedperson' })
      .where('id', '=', id!)
      .execute();
    expect(await emails('q=before@rename')).toEqual([]);
    expect(await emails('q=after@rename')).toEqual(['after@rename.example']);
    expect(await emails('q=renamedperson')).toEqual(['after@rename.example']);
  });

  it('answers every change at once, though it keeps the pages of a search it has answered', async () => {
    const db = ctx.app.database.db;
    const generation = async () =>
      Number(
        (await db.selectFrom('listGenerations').select('value').where('name', '=', 'users').executeTakeFirstOrThrow())
          .value,
      );
    const [first, second] = await insertUsers(ctx.app, [
      { email: 'first@kept.example', lastSignInAt: base + 2 * DAY },
      { email: 'second@kept.example', lastSignInAt: base + DAY },
    ]);
    const query = 'q=kept.example&sort=lastSignInAt&order=desc';
    const read = async () => {
      const page = (await list(query)).json() as {
        total: number;
        items: { email: string; lastName: string; services: { hosting: number; domains: number } }[];
      };
      return { total: page.total, items: page.items.map((u) => [u.email, u.lastName, u.services.hosting]) };
    };
    expect(await read()).toEqual({
      total: 2,
      items: [
        ['first@kept.example', 'User', 0],
        ['second@kept.example', 'User', 0],
      ],
    });
    // Answered again from what was kept: the same.
    expect(await read()).toEqual(await read());

    // A sign-in reorders the list.
    await db
      .updateTable('users')
      .set({ lastSignInAt: base + 3 * DAY })
      .where('id', '=', second!)
      .execute();
    expect((await read()).items.map(([email]) => email)).toEqual(['second@kept.example', 'first@kept.example']);
    // A new account that matches is counted.
    await insertUsers(ctx.app, [{ email: 'third@kept.example', lastSignInAt: base }]);
    expect((await read()).total).toBe(3);
    // A change of name shows.
    await db.updateTable('users').set({ lastName: 'Renamed' }).where('id', '=', first!).execute();
    expect((await read()).items.find(([email]) => email === 'first@kept.example')?.[1]).toBe('Renamed');
    // A new service shows in the counts.
    const now = Date.now();
    await db
      .insertInto('services')
      .values({
        id: 'svc-kept',
        userId: first!,
        kind: 'hosting',
        planId: 'starter',
        name: 'kept',
        serverId: null,
        domain: null,
        status: 'active',
        suspensionReason: null,
        priceCents: 999,
        billingPeriod: 'month',
        expiresAt: now + 30 * DAY,
        cancelRequestedAt: null,
        cancelReason: null,
        cancelledAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    expect((await read()).items.find(([email]) => email === 'first@kept.example')?.[2]).toBe(1);
    // Cancelling it too.
    await db.updateTable('services').set({ status: 'cancelled' }).where('id', '=', 'svc-kept').execute();
    expect((await read()).items.find(([email]) => email === 'first@kept.example')?.[2]).toBe(0);

    // Writes the list does not show leave the generation alone: the no-op update that serialises an
    // account's money operations, and usage figures.
    const before = await generation();
    await db
      .updateTable('users')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', first!)
      .execute();
    await db.updateTable('services').set({ cpuPercent: 42, expiresAt: now }).where('id', '=', 'svc-kept').execute();
    expect(await generation()).toBe(before);
    await db.updateTable('users').set({ role: 1 }).where('id', '=', first!).execute();
    expect(await generation()).toBe(before + 1);
  });

  it('lets support read the list', async () => {
    expect((await list('', await staffSession(ctx.app, SUPPORT_ROLE))).statusCode).toBe(200);
  });

  it('serves the search from the trigram index (query plan)', async () => {
    const { db, kind } = ctx.app.database;
    const plan = await queryPlan(
      ctx.app,
      db
        .selectFrom('users')
        .select('users.id')
        .where(contains(kind, 'users', 'users', 'ample.com')),
    );
    if (kind === 'sqlite') {
      expect(plan).toMatch(/VIRTUAL TABLE INDEX \d+:M/);
      expect(plan).toContain('users_search');
    } else {
      expect(plan).toMatch(/Bitmap Index Scan on users_email_trgm/);
      expect(plan).toMatch(/Bitmap Index Scan on users_name_trgm/);
    }
  });

  it('reads a kept page by primary key, and its counts from the owner indexes (query plan)', async () => {
    const { kind } = ctx.app.database;
    const plan = await queryPlan(ctx.app, pageByIds(ctx.app.database.db, ['a', 'b', 'c']));
    if (kind === 'sqlite') {
      for (const table of ['users', 'services', 'domains', 'list_generations']) {
        expect(plan).not.toMatch(new RegExp(`\\bSCAN ${table}\\b(?! USING (COVERING )?INDEX)`));
      }
      expect(plan).toMatch(/SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
    } else {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/users_pkey/);
    }
  });
});
