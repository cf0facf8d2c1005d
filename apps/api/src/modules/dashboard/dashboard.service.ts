import { type DashboardSummary, EXPIRING_SOON_DAYS, type ExpiringItem } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { iso } from '../../lib/listing';
import { createBillingRepository } from '../billing/billing.repository';
import { createNotificationsRepository } from '../notifications/notifications.repository';

const DAY = 24 * 60 * 60 * 1000;
const LATEST = 5;
const EXPIRING_LIMIT = 10;

/** The dashboard home in one call (docs/product/screens.md): counts, expiring soon, balance, latest news. */
export function createDashboardService(db: Kysely<Database>, clock: Clock) {
  const billing = createBillingRepository(db);
  const notifications = createNotificationsRepository(db);

  async function counts(userId: string) {
    const [services, domains, tickets] = await Promise.all([
      db
        .selectFrom('services')
        .select((eb) => [
          eb.fn.countAll<number>().filterWhere('kind', '=', 'hosting').as('hosting'),
          eb.fn.countAll<number>().filterWhere('kind', '<>', 'hosting').as('other'),
        ])
        .where('userId', '=', userId)
        .where('status', '<>', 'cancelled')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('domains')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      hosting: Number(services.hosting),
      domains: Number(domains.n),
      services: Number(services.other),
      openTickets: Number(tickets.n),
    };
  }

  /** Running services and live domains whose expiry is within 30 days (or already past, in grace), soonest first. */
  async function expiringSoon(userId: string, now: number): Promise<ExpiringItem[]> {
    const until = now + EXPIRING_SOON_DAYS * DAY;
    const [services, domains] = await Promise.all([
      db
        .selectFrom('services')
        .select(['id', 'kind', 'name', 'domain', 'expiresAt'])
        .where('userId', '=', userId)
        .where('expiresAt', '<=', until)
        .where('status', 'in', ['active', 'suspended'])
        .orderBy('expiresAt')
        .limit(EXPIRING_LIMIT)
        .execute(),
      db
        .selectFrom('domains')
        .select(['id', 'name', 'expiresAt'])
        .where('userId', '=', userId)
        .where('expiresAt', '<=', until)
        .where('status', 'in', ['active', 'graceperiod'])
        .orderBy('expiresAt')
        .limit(EXPIRING_LIMIT)
        .execute(),
    ]);
    return [
      ...services.map((s) => ({ id: s.id, kind: s.kind, name: s.domain ?? s.name, expiresAt: s.expiresAt })),
      ...domains.map((d) => ({ id: d.id, kind: 'domain' as const, name: d.name, expiresAt: d.expiresAt })),
    ]
      .sort((a, b) => a.expiresAt - b.expiresAt || a.id.localeCompare(b.id))
      .slice(0, EXPIRING_LIMIT)
      .map((item) => ({ ...item, expiresAt: iso(item.expiresAt) }));
  }

  return {
    async summary(userId: string): Promise<DashboardSummary> {
      const now = clock.now();
      const [count, expiring, balance, recentActivity, latest, unread] = await Promise.all([
        counts(userId),
        expiringSoon(userId, now),
        billing.balance(userId),
        notifications.recentActivity(userId, LATEST),
        notifications.latest(userId, LATEST),
        notifications.unreadCount(userId),
      ]);
      return {
        counts: count,
        expiringSoon: expiring,
        balance,
        recentActivity,
        notifications: latest,
        unreadNotifications: unread,
      };
    },
  };
}
