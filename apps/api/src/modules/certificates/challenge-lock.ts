import { randomUUID } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { DriverError, createProcessZoneLock, type ZoneLock } from '../provisioning';
import { insertZoneLease, releaseZoneLease, takeLapsedZoneLease } from './challenge-locks.repository';

/**
 * The zone lock of the certificate driver as the engine runs it (docs/decisions/049-certificates-through-acme.md,
 * addendum "Two orders of one name at once"): a lease row per zone in `dns_challenge_locks` (migration 0380),
 * taken by an insert or by a conditional update of a lease that has passed, so it holds across every API instance
 * on one database; inside this process the writers of a zone first wait in line, so only one of them asks the
 * database. The lease counts in wall-clock time (it guards real calls to PowerDNS, not the business clock), and
 * outlives the longest read and write of the rrsets, so a holder that died frees the zone after LEASE_MS.
 */

/** How long a lease holds: one GET and one PATCH of PowerDNS, each with its own timeout and quick retries. */
const LEASE_MS = 60_000;
/** How long a writer waits for the zone before its try fails (the queue retries it). */
const WAIT_MS = 120_000;

export function createDatabaseZoneLock(db: Kysely<Database>): ZoneLock {
  const local = createProcessZoneLock();

  async function acquire(zone: string, owner: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const now = Date.now();
      if (await insertZoneLease(db, zone, owner, now + LEASE_MS)) return;
      if (await takeLapsedZoneLease(db, zone, owner, now, now + LEASE_MS)) return;
      if (Date.now() >= deadline) {
        throw new DriverError({
          code: 'unreachable',
          message: `The challenge records of ${zone} stayed busy with another certificate task`,
          retryable: true,
        });
      }
      await pause(20 + Math.random() * 60);
    }
  }

  return {
    exclusive(zone, work) {
      return local.exclusive(zone, async () => {
        const owner = randomUUID();
        await acquire(zone, owner);
        try {
          return await work();
        } finally {
          await releaseZoneLease(db, zone, owner);
        }
      });
    },
  };
}
