import { randomUUID } from 'node:crypto';
import { type ActivityAction, addMonths, dataSizeMb, type NotificationKey } from '@hostpilot/shared';
import { push } from './batch';
import { SeedBatch } from './builder';
import { DAY, HOUR } from './servers';

const GB = dataSizeMb({ amount: 1, unit: 'GB' });
const MINUTE = 60 * 1000;

/**
 * The demo customer's account, as the dashboard shows it (docs/product/screens.md): two hosting services,
 * three domains, one extra service, no open ticket, with dates relative to `now`: the blog's hosting expires
 * within 14 days, one domain is in its grace period, everything else expires in the future.
 */
export function demoCustomerBatch(userId: string, staffId: string | null, now: number): SeedBatch {
  const batch = new SeedBatch(randomUUID);
  const ago = (days: number, hours = 0) => now - days * DAY - hours * HOUR;
  const ahead = (days: number) => now + days * DAY;

  const main = batch.service({
    userId,
    kind: 'hosting',
    planId: 'business',
    name: 'Main website',
    serverId: 'srv-03',
    domain: 'mysite.com',
    status: 'active',
    suspensionReason: null,
    storageUsedMb: Math.round(23.4 * GB),
    bandwidthUsedMb: 156 * GB,
    cpuPercent: 18,
    memoryPercent: 41,
    expiresAt: ahead(111),
    autoRenew: 1,
    createdAt: ago(620),
  });
  const blog = batch.service({
    userId,
    kind: 'hosting',
    planId: 'starter',
    name: 'Blog',
    serverId: 'srv-03',
    domain: 'myblog.net',
    status: 'active',
    suspensionReason: null,
    storageUsedMb: Math.round(8.7 * GB),
    bandwidthUsedMb: 42 * GB,
    cpuPercent: 6,
    memoryPercent: 22,
    expiresAt: ahead(10),
    autoRenew: 0,
    createdAt: ago(355),
  });
  const ssl = batch.service({
    userId,
    kind: 'extra',
    planId: 'ssl',
    name: 'SSL certificate',
    serverId: null,
    domain: 'mysite.com',
    status: 'active',
    suspensionReason: null,
    expiresAt: ahead(111),
    autoRenew: 1,
    createdAt: ago(58),
  });

  const domain = (
    name: string,
    status: 'active' | 'graceperiod',
    registered: number,
    expires: number,
    autoRenew: number,
  ) => {
    const id = batch.id();
    push(batch.rows, 'domains', {
      id,
      userId,
      name,
      tld: name.slice(name.lastIndexOf('.')),
      status,
      registeredAt: registered,
      expiresAt: expires,
      autoRenew,
      transferLock: 1,
      nameservers: JSON.stringify(['ns1.hostpilot.example', 'ns2.hostpilot.example']),
      dnsUpdatedAt: registered + DAY,
      createdAt: registered,
      updatedAt: registered,
    });
    for (const [type, host, value, priority] of [
      ['A', '@', '198.51.100.13', null],
      ['CNAME', 'www', name, null],
      ['MX', '@', 'mail.hostpilot.example', 10],
      ['TXT', '@', 'v=spf1 include:_spf.hostpilot.example ~all', null],
    ] as const) {
      push(batch.rows, 'dnsRecords', {
        id: batch.id(),
        domainId: id,
        type,
        name: host,
        value,
        ttl: 3600,
        priority,
        createdAt: registered + DAY,
        updatedAt: registered + DAY,
      });
    }
    return id;
  };
  // mysite.com was renewed for a year a day before it was due (its expiry then), as renewals are (decision 043).
  const mysiteExpires = ahead(325);
  const mysiteRenewedFrom = addMonths(mysiteExpires, -12);
  const mysite = domain('mysite.com', 'active', addMonths(mysiteExpires, -48), mysiteExpires, 1);
  domain('myblog.net', 'active', ago(340), ahead(25), 0);
  domain('old-project.io', 'graceperiod', ago(1105), ago(10), 0);

  // Money: two completed top-ups, four paid invoices charged to the balance, one top-up still pending.
  batch.topUp({ userId, amountCents: 10_000, at: ago(60), method: 'credit_card', status: 'completed' });
  const charge = (
    at: number,
    cents: number,
    type: 'service_purchase' | 'domain_renewal' | 'hosting_renewal',
    key: string,
    params: Record<string, string>,
    link: { serviceId?: string; domainId?: string },
    dueAt?: number,
  ) => {
    const invoiceId = batch.invoice({
      userId,
      status: 'paid',
      issuedAt: at,
      ...(dueAt === undefined ? {} : { dueAt }),
      amountCents: cents,
      lineKey: `invoiceLines.${key}`,
      lineParams: params,
      ...link,
    });
    batch.ledger({ userId, type, amountCents: -cents, at, key: `transactions.${key}`, params, invoiceId, ...link });
  };
  charge(
    ago(58),
    2999,
    'service_purchase',
    'servicePurchase',
    { name: 'SSL Certificate', domain: 'mysite.com' },
    {
      serviceId: ssl.id,
    },
  );
  charge(
    mysiteRenewedFrom - DAY,
    999,
    'domain_renewal',
    'domainRenewal',
    { domain: 'mysite.com' },
    { domainId: mysite },
    mysiteRenewedFrom,
  );
  batch.topUp({ userId, amountCents: 5000, at: ago(20), method: 'paypal', status: 'completed' });
  // Renewal invoices are due at the expiry they renew (decision 043): the main site's month was paid well ahead,
  // the blog's the day before it was due; neither was ever overdue.
  charge(
    ago(9),
    main.priceCents,
    'hosting_renewal',
    'hostingRenewal',
    { domain: 'mysite.com', plan: main.planName },
    {
      serviceId: main.id,
    },
    addMonths(main.expiresAt, -1),
  );
  charge(
    addMonths(blog.expiresAt, -1) - DAY,
    blog.priceCents,
    'hosting_renewal',
    'hostingRenewal',
    {
      domain: 'myblog.net',
      plan: blog.planName,
    },
    { serviceId: blog.id },
    addMonths(blog.expiresAt, -1),
  );
  batch.topUp({ userId, amountCents: 2500, at: ago(4), method: 'bank_transfer', status: 'pending' });

  // Two past tickets, both answered: none open.
  const ticket = (
    subject: string,
    department: 'technical',
    priority: 'medium' | 'high',
    opened: number,
    question: string,
    answer: string,
  ) =>
    batch.ticket(
      {
        userId,
        subject,
        department,
        priority,
        status: 'answered',
        assignedTo: staffId,
        createdAt: opened,
        updatedAt: opened + 3 * HOUR,
        closedAt: null,
      },
      [
        { authorId: userId, authorKind: 'customer', body: question, at: opened },
        { authorId: staffId, authorKind: 'staff', body: answer, at: opened + 3 * HOUR },
      ],
    );
  ticket(
    'SSL certificate does not show on www',
    'technical',
    'medium',
    ago(6, 3),
    'The certificate works on mysite.com but www.mysite.com shows a warning.',
    'We added www to the certificate; it is valid on both names now. Please clear your browser cache.',
  );
  ticket(
    'E-mails to Gmail land in spam',
    'technical',
    'high',
    ago(26),
    'Messages from info@mysite.com end up in spam at Gmail.',
    'We published SPF and DKIM records for mysite.com. New messages should reach the inbox.',
  );

  const notification = (
    type: 'info' | 'warning' | 'success' | 'error',
    key: NotificationKey,
    at: number,
    read: boolean,
    params: Record<string, string> = {},
  ) =>
    push(batch.rows, 'notifications', {
      id: batch.id(),
      userId,
      type,
      key,
      params: JSON.stringify(params),
      createdAt: at,
      readAt: read ? at + HOUR : null,
    });
  notification('warning', 'domainExpiring', now - 2 * HOUR, false, {
    domain: 'myblog.net',
    expiresAt: new Date(ahead(25)).toISOString(),
  });
  notification('success', 'paymentReceived', ago(1), false, { amountMinor: '2500', currency: 'USD' });
  notification('info', 'maintenance', ago(3), true, {
    server: 'web-03.fra',
    startsAt: new Date(ahead(4)).toISOString(),
    endsAt: new Date(ahead(4) + 2 * HOUR).toISOString(),
  });
  notification('error', 'backupFailed', ago(5), true, { domain: 'myblog.net' });
  notification('info', 'welcome', ago(14), true);

  const activity = (
    action: ActivityAction,
    subjectType: 'payment' | 'ticket' | 'service' | 'domain' | 'account',
    at: number,
    params: Record<string, string | number> = {},
  ) =>
    push(batch.rows, 'activity', {
      id: batch.id(),
      userId,
      action,
      subjectType,
      subjectId: null,
      params: JSON.stringify(params),
      createdAt: at,
    });
  activity('payment.topUp', 'payment', ago(4) + 5 * MINUTE, { amountMinor: 2500, currency: 'USD' });
  activity('ticket.answered', 'ticket', ago(6));
  activity('service.renewed', 'service', ago(9), { domain: 'mysite.com' });
  activity('domain.renewed', 'domain', mysiteRenewedFrom - DAY, { domain: 'mysite.com' });
  activity('account.passwordChanged', 'account', ago(52));

  // A month of daily usage for the dashboard's chart (migration 0310), ending at today's figures: the site's files
  // grow slowly, its traffic of the month climbs with a weekly rhythm (the scheduler adds a day each day).
  const today = now - (now % DAY);
  const usage = [
    { id: main.id, storageMb: Math.round(23.4 * GB), bandwidthMb: 156 * GB },
    { id: blog.id, storageMb: Math.round(8.7 * GB), bandwidthMb: 42 * GB },
  ];
  for (let daysAgo = 29; daysAgo >= 0; daysAgo -= 1) {
    const share = (30 - daysAgo) / 30;
    const rhythm = 1 + 0.08 * Math.sin(daysAgo * 0.9);
    for (const service of usage) {
      push(batch.rows, 'serviceUsageSamples', {
        serviceId: service.id,
        day: today - daysAgo * DAY,
        storageUsedMb: Math.round(service.storageMb * (0.9 + 0.1 * share)),
        bandwidthUsedMb: Math.round(service.bandwidthMb * Math.min(1, share * rhythm)),
      });
    }
  }
  return batch;
}
