import {
  type AutomationSettings,
  domainStates,
  type SchedulerJobName,
  serviceStates,
  ticketNumber,
  ticketStates,
  UNPAID_ORDER_EXPIRY_DAYS,
} from '@hostpilot/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, DomainRow, InvoiceRow, ServiceRow } from '../../db/schema';
import { lockAccount } from '../../lib/idempotency';
import {
  balanceOf,
  type CardVault,
  chargeShortfallToCard,
  issueRenewalInvoice,
  OVERDUE,
  openRenewalInvoices,
  payRenewalInvoice,
  type RenewalEntity,
  renewalParams,
  voidOpenRenewalInvoices,
} from '../billing';
import { domainRenewalTarget } from '../domains';
import { serviceRenewalTarget } from '../services';
import { closeOrder, transferPending } from '../ordering/order-closing';
import { renewalDue } from '../provisioning/drivers/acme/issue';
import { enqueueProvisioning } from '../provisioning/tasks';
import { collectUsage } from '../provisioning/usage-collection';
import type { SecretBox } from '../../lib/secret-box';
import type { NoticeMail } from '../notifications/notice-mails';
import { type JobRecords, jobRecords } from './job-records';

/**
 * The lifecycle jobs (docs/decisions/030-lifecycle-automation.md). Each finds the entities due, then changes
 * each in its own transaction, after the account's lock, with a conditional write that re-checks the entity is
 * still due: a job run twice, by two instances at once, or again after a crash, changes nothing twice.
 */

export const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

export interface JobContext {
  db: Kysely<Database>;
  now: number;
  settings: AutomationSettings;
  /** Mails of the changes committed so far; the scheduler sends them. */
  mails: NoticeMail[];
  /** The card provider a saved card is charged through (docs/decisions/038-saved-card-for-renewals.md). */
  cardVault: CardVault;
  /** Opens the servers' sealed driver secrets; without it the usage collection has nothing to call with. */
  secretBox?: SecretBox;
}

/** One entity's change in its own transaction; counts it and keeps its mails only when it committed a change. */
async function change(
  ctx: JobContext,
  job: SchedulerJobName,
  userId: string,
  body: (trx: Kysely<Database>, records: JobRecords) => Promise<boolean>,
): Promise<number> {
  const mails: NoticeMail[] = [];
  const changed = await ctx.db.transaction().execute(async (trx) => {
    await lockAccount(trx, userId);
    return body(trx, jobRecords(trx, job, userId, ctx.now, mails));
  });
  if (!changed) return 0;
  ctx.mails.push(...mails);
  return 1;
}

function invoiceNotice(invoice: InvoiceRow, entity: RenewalEntity) {
  return {
    ...renewalParams(entity),
    number: invoice.number,
    amountMinor: invoice.totalCents,
    currency: invoice.currency,
    expiresAt: iso(entity.row.expiresAt),
  };
}

/**
 * Services or domains due a renewal invoice by `horizon`: active, without an invoice for their current period, and
 * (services) with no cancellation waiting. Both tables have the columns read here, so one query serves both.
 */
function dueForInvoice(ctx: JobContext, type: RenewalEntity['type'], horizon: number) {
  const table = type === 'service' ? 'services' : 'domains';
  // Typed as services: the domains table has the same id, userId, status and expiresAt columns.
  let query = ctx.db
    .selectFrom(table as 'services')
    .select(['id', 'userId'])
    .where('status', '=', 'active')
    .where('expiresAt', '<=', horizon)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('renewalInvoices')
            .select('renewalInvoices.invoiceId')
            .where('renewalInvoices.entityType', '=', type)
            .whereRef('renewalInvoices.entityId', '=', `${table}.id` as 'services.id')
            .whereRef('renewalInvoices.periodStart', '=', `${table}.expiresAt` as 'services.expiresAt'),
        ),
      ),
    );
  if (type === 'service') query = query.where('cancelRequestedAt', 'is', null);
  // A domain staff deleted is not renewed (migration 0110); the cast names the domains' own column.
  else query = query.where('deletedAt' as 'cancelRequestedAt', 'is', null);
  return query.orderBy('expiresAt').execute();
}

async function renewalInvoices(ctx: JobContext): Promise<number> {
  const horizon = ctx.now + ctx.settings.renewalInvoiceDays * DAY;
  let changed = 0;
  for (const type of ['service', 'domain'] as const) {
    for (const { id, userId } of await dueForInvoice(ctx, type, horizon)) {
      changed += await change(ctx, 'renewal-invoices', userId, async (trx, records) => {
        const entity = await loadEntity(trx, type, id);
        if (!entity || entity.row.status !== 'active' || entity.row.expiresAt > horizon) return false;
        const invoice = await issueRenewalInvoice(trx, entity, ctx.now);
        if (!invoice) return false;
        await recordIssued(records, entity, invoice);
        return true;
      });
    }
  }
  return changed;
}

async function recordIssued(records: JobRecords, entity: RenewalEntity, invoice: InvoiceRow): Promise<void> {
  const params = invoiceNotice(invoice, entity);
  await records.tell({ type: 'info', key: 'renewalInvoiceIssued', params });
  await records.activity({
    action: `${entity.type}.renewalInvoiced`,
    subjectType: entity.type,
    subjectId: entity.row.id,
    params,
  });
  await records.audit({ action: 'invoice.issued', entityType: 'invoice', entityId: invoice.id, after: params });
}

async function loadEntity(
  trx: Kysely<Database>,
  type: 'service' | 'domain',
  id: string,
): Promise<RenewalEntity | undefined> {
  if (type === 'service') {
    const row: ServiceRow | undefined = await trx
      .selectFrom('services')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { type, row } : undefined;
  }
  const row: DomainRow | undefined = await trx
    .selectFrom('domains')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { type, row } : undefined;
}

/** Pays open renewal invoices of auto-renewing services and domains from the balance, or tells the customer once. */
async function autoRenew(ctx: JobContext): Promise<number> {
  if (!ctx.settings.autoRenew) return 0;
  const open = await ctx.db
    .selectFrom('renewalInvoices')
    .innerJoin('invoices', 'invoices.id', 'renewalInvoices.invoiceId')
    .select(['renewalInvoices.invoiceId', 'renewalInvoices.entityType', 'renewalInvoices.entityId', 'invoices.userId'])
    .where('invoices.status', '=', 'unpaid')
    .orderBy('invoices.issuedAt')
    .execute();
  let changed = 0;
  for (const candidate of open) {
    changed += await change(ctx, 'auto-renew', candidate.userId, async (trx, records) => {
      const entity = await loadEntity(trx, candidate.entityType, candidate.entityId);
      if (!entity || entity.row.autoRenew !== 1) return false;
      if (entity.row.status === 'cancelled' || entity.row.status === 'transferring') return false;
      const invoice = (await openRenewalInvoices(trx, entity.type, entity.row.id)).find(
        (row) => row.id === candidate.invoiceId,
      );
      if (!invoice) return false;
      const balance = await balanceOf(trx, entity.row.userId);
      // A saved card pays what the balance lacks, tried once per invoice (docs/decisions/038-saved-card-for-renewals.md).
      const card =
        balance < invoice.totalCents
          ? await chargeShortfallToCard(trx, {
              vault: ctx.cardVault,
              invoice,
              userId: entity.row.userId,
              shortfallCents: invoice.totalCents - Math.max(balance, 0),
              now: ctx.now,
              log: records,
            })
          : null;
      if (card?.status === 'failed') {
        await trx
          .updateTable('renewalInvoices')
          .set({ shortNotifiedAt: ctx.now })
          .where('invoiceId', '=', invoice.id)
          .where('shortNotifiedAt', 'is', null)
          .execute();
        await records.tell({
          type: 'error',
          key: 'renewalCardFailed',
          params: { ...invoiceNotice(invoice, entity), last4: card.last4 },
        });
        return true;
      }
      if (balance < invoice.totalCents && card?.status !== 'charged') {
        const told = await trx
          .updateTable('renewalInvoices')
          .set({ shortNotifiedAt: ctx.now })
          .where('invoiceId', '=', invoice.id)
          .where('shortNotifiedAt', 'is', null)
          .executeTakeFirst();
        if (Number(told.numUpdatedRows) !== 1) return false;
        await records.tell({ type: 'warning', key: 'renewalFundsShort', params: invoiceNotice(invoice, entity) });
        return true;
      }
      const paid = await payRenewalInvoice(trx, {
        invoice,
        entity,
        now: ctx.now,
        actorId: null,
        log: records,
        targets: { service: serviceRenewalTarget, domain: domainRenewalTarget },
      });
      if (!paid) return false;
      const params = {
        ...renewalParams(entity),
        number: invoice.number,
        amountMinor: invoice.totalCents,
        currency: invoice.currency,
        expiresAt: iso(paid.expiresAt),
      };
      if (card?.status === 'charged') {
        await records.tell({
          type: 'success',
          key: 'renewalCardCharged',
          params: { ...params, amountMinor: card.amountCents, last4: card.last4 },
        });
      } else {
        await records.tell({ type: 'success', key: 'renewalPaid', params });
      }
      if (paid.reactivated && entity.type === 'service') {
        await records.tell({ type: 'success', key: 'serviceReactivated', params: renewalParams(entity) });
      }
      await records.activity({
        action: `${entity.type}.autoRenewed`,
        subjectType: entity.type,
        subjectId: entity.row.id,
        params,
      });
      await records.audit({
        action: 'invoice.paid',
        entityType: 'invoice',
        entityId: invoice.id,
        before: { status: 'unpaid', expiresAt: iso(entity.row.expiresAt) },
        after: { status: 'paid', expiresAt: iso(paid.expiresAt) },
      });
      return true;
    });
  }
  return changed;
}

async function overdueSuspension(ctx: JobContext): Promise<number> {
  const threshold = ctx.now - ctx.settings.suspendAfterDays * DAY;
  const due = await ctx.db
    .selectFrom('services')
    .select(['id', 'userId'])
    .where('status', '=', 'active')
    .where('cancelRequestedAt', 'is', null)
    .where('expiresAt', '<=', threshold)
    .execute();
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'overdue-suspension', userId, async (trx, records) => {
      serviceStates.assertTransition('active', 'suspended');
      const done = await trx
        .updateTable('services')
        .set({ status: 'suspended', suspensionReason: OVERDUE, updatedAt: ctx.now })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where('expiresAt', '<=', threshold)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'suspend', now: ctx.now });
      const row = await trx.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const [invoice] = await openRenewalInvoices(trx, 'service', id);
      const params = { ...renewalParams({ type: 'service', row }), number: invoice?.number ?? null };
      await records.statusChange({
        entityType: 'service',
        entityId: id,
        from: 'active',
        to: 'suspended',
        reason: OVERDUE,
      });
      await records.tell({ type: 'error', key: 'serviceSuspendedOverdue', params });
      await records.activity({ action: 'service.suspended', subjectType: 'service', subjectId: id, params });
      await records.audit({
        action: 'service.suspend',
        entityType: 'service',
        entityId: id,
        before: { status: 'active' },
        after: { status: 'suspended', reason: OVERDUE },
      });
      return true;
    });
  }
  return changed;
}

/** Cancels services left unpaid long after expiry; off by default. A suspension by staff is left to staff. */
async function termination(ctx: JobContext): Promise<number> {
  if (!ctx.settings.terminationEnabled) return 0;
  const threshold = ctx.now - ctx.settings.terminateAfterDays * DAY;
  const due = await ctx.db
    .selectFrom('services')
    .select(['id', 'userId'])
    .where('expiresAt', '<=', threshold)
    .where('cancelRequestedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['active', 'expired']),
        eb.and([eb('status', '=', 'suspended'), eb('suspensionReason', '=', OVERDUE)]),
      ]),
    )
    .execute();
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'termination', userId, async (trx, records) => {
      const row = await trx.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row || row.expiresAt > threshold || row.status === 'cancelled' || row.status === 'pending') return false;
      if (row.status === 'suspended' && row.suspensionReason !== OVERDUE) return false;
      serviceStates.assertTransition(row.status, 'cancelled');
      const done = await trx
        .updateTable('services')
        .set({ status: 'cancelled', cancelledAt: ctx.now, updatedAt: ctx.now })
        .where('id', '=', id)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: id, operation: 'terminate', now: ctx.now });
      await voidOpenRenewalInvoices(trx, 'service', id, ctx.now, records);
      const params = renewalParams({ type: 'service', row });
      await records.statusChange({
        entityType: 'service',
        entityId: id,
        from: row.status,
        to: 'cancelled',
        reason: OVERDUE,
      });
      await records.tell({ type: 'error', key: 'serviceTerminated', params });
      await records.activity({ action: 'service.terminated', subjectType: 'service', subjectId: id, params });
      await records.audit({
        action: 'service.terminate',
        entityType: 'service',
        entityId: id,
        before: { status: row.status },
        after: { status: 'cancelled', reason: OVERDUE },
      });
      return true;
    });
  }
  return changed;
}

async function domainExpiry(ctx: JobContext): Promise<number> {
  const graceEnd = ctx.now - ctx.settings.domainGraceDays * DAY;
  const due = await ctx.db
    .selectFrom('domains')
    .select(['id', 'userId', 'status'])
    .where('deletedAt', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'active'), eb('expiresAt', '<=', ctx.now)]),
        eb.and([eb('status', '=', 'graceperiod'), eb('expiresAt', '<=', graceEnd)]),
      ]),
    )
    .execute();
  let changed = 0;
  for (const { id, userId, status } of due) {
    const to = status === 'active' ? 'graceperiod' : 'expired';
    changed += await change(ctx, 'domain-expiry', userId, async (trx, records) => {
      domainStates.assertTransition(status, to);
      const done = await trx
        .updateTable('domains')
        .set({ status: to, updatedAt: ctx.now })
        .where('id', '=', id)
        .where('status', '=', status)
        .where('expiresAt', '<=', to === 'graceperiod' ? ctx.now : graceEnd)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      const row = await trx.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (to === 'expired') {
        await voidOpenRenewalInvoices(trx, 'domain', id, ctx.now, records);
        // Past its grace period the zone stops answering (docs/decisions/042-provisioning-engine.md).
        await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: id, operation: 'update', now: ctx.now });
      }
      const params: Record<string, string> = { domain: row.name };
      if (to === 'graceperiod') params.expiresAt = iso(row.expiresAt + ctx.settings.domainGraceDays * DAY);
      await records.statusChange({ entityType: 'domain', entityId: id, from: status, to, reason: 'expired' });
      await records.tell({
        type: to === 'graceperiod' ? 'warning' : 'error',
        key: to === 'graceperiod' ? 'domainGracePeriod' : 'domainExpired',
        params,
      });
      await records.activity({
        action: to === 'graceperiod' ? 'domain.gracePeriod' : 'domain.expired',
        subjectType: 'domain',
        subjectId: id,
        params,
      });
      await records.audit({
        action: `domain.${to}`,
        entityType: 'domain',
        entityId: id,
        before: { status },
        after: { status: to },
      });
      return true;
    });
  }
  return changed;
}

/**
 * Closes tickets answered by staff whose last message is older than the setting. A guest ticket (decision 053) is
 * left to staff: its visitor has no account to be told, and may still answer by writing again.
 */
async function ticketAutoclose(ctx: JobContext): Promise<number> {
  const threshold = ctx.now - ctx.settings.ticketCloseDays * DAY;
  const due = await ctx.db
    .selectFrom('tickets')
    .select(['id', 'userId'])
    .where('userId', 'is not', null)
    .$narrowType<{ userId: string }>()
    .where('status', '=', 'answered')
    .where('updatedAt', '<=', threshold)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ticketMessages')
            .select('ticketMessages.id')
            .whereRef('ticketMessages.ticketId', '=', 'tickets.id')
            .where('ticketMessages.createdAt', '>', threshold),
        ),
      ),
    )
    .execute();
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'ticket-autoclose', userId, async (trx, records) => {
      ticketStates.assertTransition('answered', 'closed');
      const done = await trx
        .updateTable('tickets')
        .set({ status: 'closed', closedAt: ctx.now, updatedAt: ctx.now })
        .where('id', '=', id)
        .where('status', '=', 'answered')
        .where('updatedAt', '<=', threshold)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('ticketMessages')
                .select('ticketMessages.id')
                .whereRef('ticketMessages.ticketId', '=', 'tickets.id')
                .where('ticketMessages.createdAt', '>', threshold),
            ),
          ),
        )
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      const row = await trx.selectFrom('tickets').select(['number']).where('id', '=', id).executeTakeFirstOrThrow();
      const params = { number: ticketNumber(row.number), days: ctx.settings.ticketCloseDays };
      await records.statusChange({
        entityType: 'ticket',
        entityId: id,
        from: 'answered',
        to: 'closed',
        reason: 'silent',
      });
      await records.tell({ type: 'info', key: 'ticketAutoClosed', params });
      await records.activity({ action: 'ticket.autoClosed', subjectType: 'ticket', subjectId: id, params });
      await records.audit({
        action: 'ticket.close',
        entityType: 'ticket',
        entityId: id,
        before: { status: 'answered' },
        after: { status: 'closed' },
      });
      return true;
    });
  }
  return changed;
}

/**
 * Cancels orders unpaid for UNPAID_ORDER_EXPIRY_DAYS with no bank transfer pending
 * (docs/decisions/052-money-journeys.md): the invoice is voided, the customer told. An order with a
 * transfer pending waits for staff, since the money may be on its way.
 */
async function orderExpiry(ctx: JobContext): Promise<number> {
  const threshold = ctx.now - UNPAID_ORDER_EXPIRY_DAYS * DAY;
  const due = await ctx.db
    .selectFrom('orders')
    .select(['id', 'userId'])
    .where('status', '=', 'pending_payment')
    .where('createdAt', '<=', threshold)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments')
            .select('payments.id')
            .whereRef('payments.invoiceId', '=', 'orders.invoiceId')
            .where('payments.status', '=', 'pending'),
        ),
      ),
    )
    .execute();
  let changed = 0;
  for (const { id, userId } of due) {
    changed += await change(ctx, 'order-expiry', userId, async (trx, records) => {
      // Read again under the lock: the customer may have paid, cancelled or sent a transfer meanwhile.
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      if (!order || order.status !== 'pending_payment' || order.createdAt > threshold) return false;
      if (await transferPending(trx, order.invoiceId)) return false;
      await closeOrder(trx, order, 'cancelled', {
        cause: 'expired',
        reason: null,
        actorId: null,
        now: ctx.now,
        log: records,
      });
      const params = {
        number: order.number,
        amountMinor: order.totalCents,
        currency: order.currency,
      };
      await records.tell({ type: 'warning', key: 'orderExpired', params });
      await records.activity({ action: 'order.expired', subjectType: 'invoice', subjectId: order.invoiceId, params });
      await records.audit({
        action: 'order.expire',
        entityType: 'order',
        entityId: order.id,
        before: { status: 'pending_payment', invoice: 'unpaid' },
        after: { status: 'cancelled', invoice: 'void' },
      });
      return true;
    });
  }
  return changed;
}

/** How long a server's usage samples are kept (the Monitor chart shows the last week). */
export const SAMPLE_RETENTION_DAYS = 30;

/**
 * Records each server's usage now (docs/decisions/035-support-queue-and-operations.md) and drops samples past the
 * retention. A server with no agent gives no figures, so its samples are the placement load: the share of the
 * server's capacity its running services take, scaled per resource; a server in maintenance counts as down. A web
 * node (the web-node driver) is measured by the `usage-collection` job instead and gets no generated sample
 * (docs/decisions/058-usage-and-limits.md).
 */
async function serverSamples(ctx: JobContext): Promise<number> {
  const servers = await ctx.db
    .selectFrom('servers')
    .select(['servers.id', 'servers.status', 'servers.capacity'])
    .where((eb) => eb.or([eb('servers.driverType', 'is', null), eb('servers.driverType', '!=', 'web-node')]))
    .select((eb) =>
      eb
        .selectFrom('services')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('services.serverId', '=', 'servers.id')
        .where('services.status', '=', 'active')
        .as('running'),
    )
    .execute();
  const percent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));
  const rows = servers.map((server) => {
    const load = server.capacity > 0 ? Number(server.running ?? 0) / server.capacity : 0;
    return {
      serverId: server.id,
      takenAt: ctx.now,
      // A server full to its capacity runs at about 60-65 %; only one over it crosses the alert limit of 90 %
      // (docs/decisions/048-operator-journeys.md).
      cpuPercent: percent(5 + load * 55),
      memoryPercent: percent(10 + load * 55),
      storagePercent: percent(5 + load * 60),
      bandwidthPercent: percent(load * 45),
      up: server.status === 'active' ? 1 : 0,
    };
  });
  if (rows.length > 0) {
    await ctx.db
      .insertInto('serverUsageSamples')
      .values(rows)
      .onConflict((oc) => oc.columns(['serverId', 'takenAt']).doNothing())
      .execute();
  }
  await ctx.db
    .deleteFrom('serverUsageSamples')
    .where('takenAt', '<', ctx.now - SAMPLE_RETENTION_DAYS * DAY)
    .execute();
  await serviceSamples(ctx);
  return rows.length;
}

/** How long a hosting service's daily usage is kept (the dashboard's usage chart shows 30 days). */
export const SERVICE_SAMPLE_RETENTION_DAYS = 90;

/**
 * Keeps today's figure of each hosting service's disk and traffic (one row per service and UTC day, the day's
 * latest pass winning), for the customer's usage chart (docs/decisions/054-charts-and-the-look-of-a-brand.md).
 */
async function serviceSamples(ctx: JobContext): Promise<void> {
  const day = ctx.now - (ctx.now % DAY);
  await ctx.db
    .insertInto('serviceUsageSamples')
    .columns(['serviceId', 'day', 'storageUsedMb', 'bandwidthUsedMb'])
    .expression((eb) =>
      eb
        .selectFrom('services')
        .where('kind', '=', 'hosting')
        .where('status', 'in', ['active', 'suspended'])
        // A literal, not a parameter: PostgreSQL would type a bare parameter in a select list as text.
        .select(['id', sql<number>`${sql.lit(day)}`.as('day'), 'storageUsedMb', 'bandwidthUsedMb']),
    )
    .onConflict((oc) =>
      oc.columns(['serviceId', 'day']).doUpdateSet((eb) => ({
        storageUsedMb: eb.ref('excluded.storageUsedMb'),
        bandwidthUsedMb: eb.ref('excluded.bandwidthUsedMb'),
      })),
    )
    .execute();
  await ctx.db
    .deleteFrom('serviceUsageSamples')
    .where('day', '<', day - SERVICE_SAMPLE_RETENTION_DAYS * DAY)
    .execute();
}

/**
 * Certificates (docs/decisions/049-certificates-through-acme.md): an issued certificate whose renewal time has come
 * (30 days before expiry, or two-thirds of a short lifetime: issue.ts renewalTime) starts renewing, with an
 * `update` task for the certificate driver in the same transaction, so the provisioning queue renews it with its
 * retries; an issued certificate past its end becomes expired. The old certificate stays in use until the new
 * one is issued.
 */
async function certificateRenewal(ctx: JobContext): Promise<number> {
  await ctx.db
    .updateTable('certificates')
    .set({ status: 'expired', updatedAt: ctx.now })
    .where('status', 'in', ['issued', 'failed'])
    .where('notAfter', '<=', ctx.now)
    .execute();
  const issued = await ctx.db
    .selectFrom('certificates')
    .innerJoin('services', 'services.id', 'certificates.serviceId')
    .select(['certificates.id', 'certificates.serviceId', 'certificates.notBefore', 'certificates.notAfter'])
    .select('services.userId')
    .where('certificates.status', '=', 'issued')
    .where('certificates.notAfter', '>', ctx.now)
    .where('services.status', 'in', ['active', 'suspended'])
    .execute();
  let changed = 0;
  for (const row of issued) {
    if (!renewalDue(row.notBefore ?? 0, row.notAfter ?? 0, ctx.now)) continue;
    changed += await change(ctx, 'certificate-renewal', row.userId, async (trx) => {
      const moved = await trx
        .updateTable('certificates')
        .set({ status: 'renewing', orderUrl: null, updatedAt: ctx.now })
        .where('id', '=', row.id)
        .where('status', '=', 'issued')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await enqueueProvisioning(trx, {
        resourceType: 'service',
        resourceId: row.serviceId,
        operation: 'update',
        driverType: 'acme',
        now: ctx.now,
      });
      return true;
    });
  }
  return changed;
}

/**
 * Reads the web nodes' own figures and their sites' usage (docs/decisions/058-usage-and-limits.md). The run fails,
 * for staff to see on the scheduler page, when a node did not answer; every other node was read all the same.
 */
async function usageCollection(ctx: JobContext): Promise<number> {
  if (!ctx.secretBox) return 0;
  const report = await collectUsage({ db: ctx.db, now: ctx.now, secretBox: ctx.secretBox });
  if (report.nodesDown > 0) {
    throw new Error(
      `${report.nodesDown} of ${report.nodes} web node(s) did not answer (see their server cards); ${report.sites} site(s) measured`,
    );
  }
  return report.nodes + report.sites;
}

/** The jobs in the order a scheduler pass runs them: invoices first, so auto-renew can pay them the same pass. */
export const JOBS: Record<SchedulerJobName, (ctx: JobContext) => Promise<number>> = {
  'renewal-invoices': renewalInvoices,
  'auto-renew': autoRenew,
  'overdue-suspension': overdueSuspension,
  termination,
  'domain-expiry': domainExpiry,
  'ticket-autoclose': ticketAutoclose,
  'order-expiry': orderExpiry,
  'server-samples': serverSamples,
  'certificate-renewal': certificateRenewal,
  'usage-collection': usageCollection,
};
