import {
  DEDICATED_PLANS,
  GAME_PLANS,
  HOSTING_PLANS,
  type Language,
  TLDS,
  type TicketPriority,
  VDS_PLANS,
  dataSizeMb,
  findServicePlan,
  EXTRA_PLANS,
  UNLIMITED,
} from '@hostpilot/shared';
import { push } from './batch';
import { type SeedBatch } from './builder';
import { createPrng, type Prng } from './prng';
import { DAY, HOUR } from './servers';

const EN_FIRST = [
  'James',
  'Emma',
  'Oliver',
  'Sophia',
  'Liam',
  'Mia',
  'Noah',
  'Ava',
  'Lucas',
  'Grace',
  'Ethan',
  'Chloe',
];
const EN_LAST = [
  'Smith',
  'Johnson',
  'Brown',
  'Taylor',
  'Wilson',
  'Clarke',
  'Walker',
  'Wright',
  'Hughes',
  'Green',
  "O'Brien",
];
const RU_FIRST: readonly (readonly [string, string])[] = [
  ['Анна', 'anna'],
  ['Дмитрий', 'dmitry'],
  ['Мария', 'maria'],
  ['Алексей', 'alexey'],
  ['Екатерина', 'ekaterina'],
  ['Иван', 'ivan'],
  ['Ольга', 'olga'],
  ['Сергей', 'sergey'],
];
const RU_LAST: readonly (readonly [string, string, string])[] = [
  ['Иванов', 'Иванова', 'ivanov'],
  ['Смирнов', 'Смирнова', 'smirnov'],
  ['Кузнецов', 'Кузнецова', 'kuznetsov'],
  ['Попов', 'Попова', 'popov'],
  ['Соколов', 'Соколова', 'sokolov'],
  ['Лебедев', 'Лебедева', 'lebedev'],
];
const RU_FEMININE = new Set(['anna', 'maria', 'ekaterina', 'olga']);
const WORDS = [
  'bright',
  'pixel',
  'north',
  'cloud',
  'maple',
  'river',
  'studio',
  'craft',
  'lumen',
  'atlas',
  'nova',
  'orbit',
];
const MAIL_DOMAINS = ['example.com', 'example.org', 'example.net'];
const SUBJECTS = [
  'Site is slow in the evenings',
  'How do I add a subdomain?',
  'Invoice shows the wrong company name',
  'Cannot connect over SSH',
  'Please move my site to the London data centre',
  'Сайт не открывается после смены DNS',
  'Вопрос по счёту за продление',
  'Как настроить почту на телефоне?',
];
const SUSPENSION_REASONS = ['unpaid', 'abuse_report', 'resource_overuse'];
const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'expired_card'];

const SHARED = ['srv-01', 'srv-02', 'srv-03', 'srv-04'];
const SERVER_OF_KIND = { game: ['srv-05'], vds: ['srv-06', 'srv-07'], dedicated: ['srv-08'] } as const;

/** The population's e-mail domains and a customer's index, so tests can find a seeded customer. */
export function populationEmail(index: number, prng: Prng, handle: string): string {
  return `${handle}.${index + 1}@${prng.pick(MAIL_DOMAINS)}`;
}

/**
 * Adds customer number `index` (from 0) of the deterministic population to the batch: the same index gives
 * the same person, services, domains, money and tickets on every run (only the dates move with `now`).
 * Accounts have an unusable password hash: nobody signs in as them. `room` is each server's free slots, taken as
 * services are placed: no server holds more services than its capacity (docs/decisions/048-operator-journeys.md; a purchase no machine of its
 * kind has room for is left out, after its random draws, so the customers after it stay the same).
 */
export function addPopulationCustomer(
  batch: SeedBatch,
  index: number,
  now: number,
  passwordHash: string,
  staffId: string | null,
  room: Map<string, number>,
): void {
  const prng = createPrng(0x5eed0000 + index * 7919);
  const russian = prng.chance(0.3);
  const language: Language = russian ? 'ru' : 'en';
  let firstName: string;
  let lastName: string;
  let handle: string;
  if (russian) {
    const [first, firstLatin] = prng.pick(RU_FIRST);
    const [male, female, lastLatin] = prng.pick(RU_LAST);
    firstName = first;
    lastName = RU_FEMININE.has(firstLatin) ? female : male;
    handle = `${firstLatin}.${lastLatin}`;
  } else {
    firstName = prng.pick(EN_FIRST);
    lastName = prng.pick(EN_LAST);
    handle = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
  }
  const userId = prng.uuid();
  const createdAt = now - prng.int(1, 1000) * DAY - prng.int(0, 23) * HOUR;
  const since = (maxDays: number) => Math.max(createdAt, now - prng.int(0, maxDays) * DAY - prng.int(0, 23) * HOUR);
  push(batch.rows, 'users', {
    id: userId,
    email: populationEmail(index, prng, handle),
    firstName,
    lastName,
    role: 0,
    passwordHash,
    createdAt,
    updatedAt: createdAt,
    status: prng.chance(0.03) ? 'suspended' : 'active',
    lastSignInAt: prng.chance(0.85) ? since(90) : null,
    preferredLanguage: language,
    notifyEmail: prng.chance(0.9) ? 1 : 0,
    notifyServiceUpdates: prng.chance(0.8) ? 1 : 0,
    notifyMarketing: prng.chance(0.25) ? 1 : 0,
    deletedAt: null,
  });

  let charges = 0;
  const chargeFor = (
    at: number,
    cents: number,
    type: 'service_purchase' | 'domain_registration',
    key: string,
    params: Record<string, string>,
    link: { serviceId?: string; domainId?: string },
  ) => {
    const paid = prng.chance(0.9);
    const invoiceId = batch.invoice({
      userId,
      status: paid ? 'paid' : 'unpaid',
      issuedAt: at,
      amountCents: cents,
      lineKey: `invoiceLines.${key}`,
      lineParams: params,
      ...link,
    });
    if (paid) {
      charges += cents;
      batch.ledger({ userId, type, amountCents: -cents, at, key: `transactions.${key}`, params, invoiceId, ...link });
    }
  };

  // Domains first: hosting services serve them.
  const domains: string[] = [];
  const domainCount = prng.weighted([40, 35, 18, 7]);
  for (let j = 0; j < domainCount; j += 1) {
    const tld = prng.pick(TLDS).tld;
    const name = `${prng.pick(WORDS)}${prng.pick(WORDS)}${index + 1}${String.fromCharCode(97 + j)}${tld}`;
    const registeredAt = since(900);
    // A domain is registered for whole years: it expires on an anniversary of its registration, at least a year
    // after it, the one nearest a date between 45 days ago and 700 days ahead.
    const target = now + prng.int(-45, 700) * DAY;
    const years = Math.max(1, Math.round((target - registeredAt) / (365 * DAY)));
    const expiresAt = registeredAt + years * 365 * DAY;
    const status =
      expiresAt < now - 30 * DAY
        ? 'expired'
        : expiresAt < now
          ? 'graceperiod'
          : prng.chance(0.03)
            ? 'transferring'
            : 'active';
    const id = prng.uuid();
    domains.push(name);
    push(batch.rows, 'domains', {
      id,
      userId,
      name,
      tld,
      status,
      registeredAt,
      expiresAt,
      autoRenew: prng.chance(0.6) ? 1 : 0,
      transferLock: status === 'transferring' ? 0 : 1,
      nameservers: JSON.stringify(['ns1.hostpilot.example', 'ns2.hostpilot.example']),
      dnsUpdatedAt: registeredAt + HOUR,
      createdAt: registeredAt,
      updatedAt: registeredAt,
    });
    push(batch.rows, 'dnsRecords', {
      id: prng.uuid(),
      domainId: id,
      type: 'A',
      name: '@',
      value: `203.0.113.${(index % 250) + 1}`,
      ttl: 3600,
      priority: null,
      createdAt: registeredAt,
      updatedAt: registeredAt,
    });
    push(batch.rows, 'dnsRecords', {
      id: prng.uuid(),
      domainId: id,
      type: 'CNAME',
      name: 'www',
      value: name,
      ttl: 3600,
      priority: null,
      createdAt: registeredAt,
      updatedAt: registeredAt,
    });
    if (prng.chance(0.6)) {
      push(batch.rows, 'dnsRecords', {
        id: prng.uuid(),
        domainId: id,
        type: 'MX',
        name: '@',
        value: 'mail.hostpilot.example',
        ttl: 3600,
        priority: 10,
        createdAt: registeredAt,
        updatedAt: registeredAt,
      });
    }
    chargeFor(registeredAt, 999, 'domain_registration', 'domainRegistration', { domain: name }, { domainId: id });
  }

  const addService = (kind: 'hosting' | 'game' | 'vds' | 'dedicated' | 'extra', planId: string) => {
    const plan = findServicePlan(kind, planId)!;
    const createdAt = since(700);
    const expiresAt = now + prng.int(-60, 365) * DAY;
    let status: 'active' | 'suspended' | 'expired' | 'cancelled' | 'pending' =
      expiresAt < now ? (prng.chance(0.3) ? 'cancelled' : 'expired') : 'active';
    if (status === 'active')
      status = prng.weighted([94, 4, 2]) === 0 ? 'active' : prng.chance(0.66) ? 'suspended' : 'pending';
    const domain = domains.length > 0 ? prng.pick(domains) : `${prng.pick(WORDS)}-site${index + 1}.com`;
    const storageTotal = plan.storage ? dataSizeMb(plan.storage) : null;
    const bandwidthTotal = plan.bandwidth && plan.bandwidth !== UNLIMITED ? dataSizeMb(plan.bandwidth) : 200 * 1024;
    const pool: readonly string[] = kind === 'hosting' ? SHARED : kind === 'extra' ? [] : SERVER_OF_KIND[kind];
    let serverId = pool.length > 0 ? prng.pick(pool) : null;
    if (serverId !== null && status !== 'cancelled') {
      // A cancelled service holds no slot (apps/api/src/modules/servers/servers.repository.ts, placedServices).
      const withRoom = [serverId, ...pool].find((id) => (room.get(id) ?? 0) > 0);
      if (withRoom === undefined) return;
      room.set(withRoom, room.get(withRoom)! - 1);
      serverId = withRoom;
    }
    const service = batch.service({
      id: prng.uuid(),
      userId,
      kind,
      planId,
      name: kind === 'extra' ? plan.name : kind === 'hosting' ? domain : `${plan.name} ${index + 1}`,
      serverId,
      domain: kind === 'hosting' || kind === 'extra' ? domain : null,
      status,
      suspensionReason: status === 'suspended' ? prng.pick(SUSPENSION_REASONS) : null,
      storageUsedMb: storageTotal ? Math.round(storageTotal * prng.next() * 0.9) : prng.int(1, 50) * 1024,
      bandwidthUsedMb: Math.round(bandwidthTotal * prng.next() * 0.5),
      cpuPercent: status === 'active' ? prng.int(1, 95) : 0,
      memoryPercent: status === 'active' ? prng.int(5, 90) : 0,
      expiresAt,
      autoRenew: prng.chance(0.6) ? 1 : 0,
      createdAt,
    });
    chargeFor(
      createdAt,
      service.priceCents,
      'service_purchase',
      'servicePurchase',
      { name: plan.name, ...(domain ? { domain } : {}) },
      { serviceId: service.id },
    );
  };
  const hostingCount = prng.weighted([35, 45, 15, 5]);
  for (let j = 0; j < hostingCount; j += 1) addService('hosting', prng.pick(HOSTING_PLANS).id);
  const otherCount = prng.weighted([60, 30, 10]);
  for (let j = 0; j < otherCount; j += 1) {
    const kind = prng.pick(['game', 'vds', 'dedicated', 'extra', 'extra'] as const);
    const plans: readonly { id: string }[] = {
      game: GAME_PLANS,
      vds: VDS_PLANS,
      dedicated: DEDICATED_PLANS,
      extra: EXTRA_PLANS,
    }[kind];
    addService(kind, prng.pick(plans).id);
  }

  // Money in: top-ups that cover the charges and leave some balance; now and then one pending or failed.
  if (charges > 0 || prng.chance(0.2)) {
    const target = charges + prng.int(0, 100) * 100;
    const parts = prng.int(1, 3);
    let left = target;
    for (let p = 0; p < parts && left > 0; p += 1) {
      const amount = p === parts - 1 ? left : Math.max(100, Math.round(left / (parts - p)));
      left -= amount;
      batch.topUp({
        userId,
        amountCents: amount,
        at: since(800),
        method: prng.pick(['credit_card', 'paypal', 'credit_card'] as const),
        status: 'completed',
      });
    }
    if (prng.chance(0.08)) {
      batch.topUp({
        userId,
        amountCents: prng.int(10, 200) * 100,
        at: since(20),
        method: prng.pick(['credit_card', 'paypal', 'bank_transfer'] as const),
        status: prng.chance(0.5) ? 'pending' : 'failed',
        declineReason: prng.pick(DECLINE_REASONS),
      });
    }
  }

  const ticketCount = prng.weighted([60, 28, 12]);
  for (let j = 0; j < ticketCount; j += 1) {
    const opened = since(400);
    const status = prng.pick(['open', 'answered', 'closed'] as const);
    const priority: TicketPriority = prng.pick(['low', 'medium', 'medium', 'high', 'urgent']);
    const messages: { authorId: string | null; authorKind: 'customer' | 'staff'; body: string; at: number }[] = [
      {
        authorId: userId,
        authorKind: 'customer',
        body: 'Could you look into this, please? Details are in the subject.',
        at: opened,
      },
    ];
    if (status !== 'open' || prng.chance(0.3)) {
      messages.push({
        authorId: staffId,
        authorKind: 'staff',
        body: 'Thank you for writing. We have checked and fixed it on our side.',
        at: opened + prng.int(1, 20) * HOUR,
      });
    }
    if (status === 'open' && messages.length === 2) {
      messages.push({
        authorId: userId,
        authorKind: 'customer',
        body: 'It happened again this morning.',
        at: opened + 30 * HOUR,
      });
    }
    const last = messages[messages.length - 1]!.at;
    batch.ticket(
      {
        userId,
        subject: prng.pick(SUBJECTS),
        department: prng.pick(['technical', 'billing', 'sales', 'general'] as const),
        priority,
        status,
        assignedTo: status === 'open' && prng.chance(0.5) ? null : staffId,
        createdAt: opened,
        updatedAt: Math.min(last, now),
        closedAt: status === 'closed' ? Math.min(last + DAY, now) : null,
      },
      messages,
    );
  }

  const notificationCount = prng.int(0, 3);
  for (let j = 0; j < notificationCount; j += 1) {
    const at = since(60);
    const [type, key] = prng.pick([
      ['info', 'welcome'],
      ['success', 'paymentReceived'],
      ['warning', 'serviceExpiring'],
      ['info', 'maintenance'],
    ] as const);
    push(batch.rows, 'notifications', {
      id: prng.uuid(),
      userId,
      type,
      key,
      params: '{}',
      createdAt: at,
      readAt: prng.chance(0.6) ? at + HOUR : null,
    });
  }
  push(batch.rows, 'activity', {
    id: prng.uuid(),
    userId,
    action: 'account.created',
    subjectType: 'account',
    subjectId: null,
    params: '{}',
    createdAt: createdAt,
  });
  const activityCount = prng.int(0, 4);
  for (let j = 0; j < activityCount; j += 1) {
    const [action, subjectType] = prng.pick([
      ['payment.topUp', 'payment'],
      ['service.renewed', 'service'],
      ['domain.renewed', 'domain'],
      ['account.passwordChanged', 'account'],
    ] as const);
    push(batch.rows, 'activity', {
      id: prng.uuid(),
      userId,
      action,
      subjectType,
      subjectId: null,
      params: '{}',
      createdAt: since(300),
    });
  }
}
