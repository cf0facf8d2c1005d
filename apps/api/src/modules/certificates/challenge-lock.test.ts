import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../../test/helpers';
import { createDatabaseZoneLock } from './challenge-lock';

/**
 * The zone lock of the challenge records (docs/decisions/049-certificates-through-acme.md, addendum "Two orders
 * of one name at once"): two locks on one database stand for two API instances.
 */
describe(`zone lock of the challenge records (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });
  const db = () => ctx.app.database.db;

  it('lets one writer of a zone at a time, across instances, and frees the zone after each', async () => {
    const instances = [createDatabaseZoneLock(db()), createDatabaseZoneLock(db())];
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        instances[i % 2]!.exclusive('lock-one.example.', async () => {
          inside++;
          most = Math.max(most, inside);
          await pause(15);
          order.push(i);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // Another zone is not held back by a held one.
    let release!: () => void;
    const held = instances[0]!.exclusive('lock-two.example.', () => new Promise<void>((r) => (release = r)));
    await instances[1]!.exclusive('lock-three.example.', async () => undefined);
    release();
    await held;
    expect(await db().selectFrom('dnsChallengeLocks').selectAll().execute()).toEqual([]);
  });

  it('frees the zone when the work fails, and takes over a lease whose holder died', async () => {
    const lock = createDatabaseZoneLock(db());
    await expect(
      lock.exclusive('lock-four.example.', async () => {
        throw new Error('PowerDNS refused');
      }),
    ).rejects.toThrow('PowerDNS refused');
    expect(await db().selectFrom('dnsChallengeLocks').selectAll().execute()).toEqual([]);

    // A holder that died: its lease has passed, so the next writer takes the zone; one still valid is waited for.
    await db()
      .insertInto('dnsChallengeLocks')
      .values({ zone: 'lock-five.example.', leaseOwner: 'dead-instance', leaseUntil: Date.now() - 1 })
      .execute();
    expect(await lock.exclusive('lock-five.example.', async () => 'taken')).toBe('taken');
    await db()
      .insertInto('dnsChallengeLocks')
      .values({ zone: 'lock-six.example.', leaseOwner: 'live-instance', leaseUntil: Date.now() + 60_000 })
      .execute();
    let ran = false;
    const waiting = lock.exclusive('lock-six.example.', async () => void (ran = true));
    await pause(300);
    expect(ran).toBe(false);
    await db().deleteFrom('dnsChallengeLocks').where('leaseOwner', '=', 'live-instance').execute();
    await waiting;
    expect(ran).toBe(true);
  });
});
