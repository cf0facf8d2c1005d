import { randomUUID } from 'node:crypto';
import { addMonths, serviceStates } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Journal } from '../../lib/journal';
import { appendLedgerEntry } from '../billing';
import { orderServiceCertificate } from '../certificates';
import type { Registrar } from '../domains';
import { enqueueProvisioning, provisionedBy } from '../provisioning';
import { createService, freeCapacity, lockedFreeSlots, SERVER_TYPE } from '../services';
import { cityOf } from './cart-pricing';
import { moveOrder } from './order-closing';
import { readOrderSettings } from './order-settings';
import { orderLines, orderLinesUnordered, setOrderLine } from './orders.repository';

/**
 * A paid order's provisioning (docs/decisions/032-ordering-and-checkout.md): the check that it can be provisioned
 * now, the services placed on servers with a free slot and the domains registered, its ledger charge, and what
 * follows a payment (provisioned now, or left for review).
 */

type Failure = 'OUT_OF_CAPACITY' | 'DOMAIN_UNAVAILABLE';

/**
 * Chooses a server for each located line: of the active, placeable servers of the line's type in its city, the
 * one with the most free capacity (its capacity less its services that are not cancelled, less the lines of this
 * order already put on it; ties by name, then id: docs/decisions/062-web-nodes-placement-and-faults.md). The
 * ranking is read without locks; the chosen server is then locked and its free slots counted again under the
 * lock (lockedFreeSlots), and a server found full there gives way to the next one, so the capacity rule stays
 * exact under concurrent orders. Answers the server id per line position, or the failure.
 */
async function placeLines(
  trx: Kysely<Database>,
  lines: readonly OrderLineRow[],
): Promise<{ ok: true; servers: Map<number, string> } | { ok: false; failure: Failure }> {
  const servers = new Map<number, string>();
  const taken = new Map<string, number>();
  /** Free slots counted under the server's lock (exact for the rest of this transaction). */
  const locked = new Map<string, number>();
  for (const line of lines) {
    const type = SERVER_TYPE[line.kind];
    if (!type || !line.location) continue;
    const candidates = await freeCapacity(trx, line.location, type);
    const free = (server: { id: string; free: number }) =>
      (locked.get(server.id) ?? server.free) - (taken.get(server.id) ?? 0);
    // Most free first; the sort is stable, so equal ones keep the query's name and id order.
    const ranked = [...candidates].sort((a, b) => free(b) - free(a));
    let chosen: string | null = null;
    for (const server of ranked) {
      if (free(server) <= 0) break;
      if (!locked.has(server.id)) locked.set(server.id, (await lockedFreeSlots(trx, server.id)) ?? 0);
      if (free(server) > 0) {
        chosen = server.id;
        break;
      }
    }
    if (!chosen) return { ok: false, failure: 'OUT_OF_CAPACITY' };
    taken.set(chosen, (taken.get(chosen) ?? 0) + 1);
    servers.set(line.position, chosen);
  }
  return { ok: true, servers };
}

/** Whether every domain the order registers is still free (the registry's answer inside this transaction). */
async function domainsFree(
  trx: Kysely<Database>,
  registrar: Registrar,
  lines: readonly OrderLineRow[],
): Promise<boolean> {
  const names = lines.filter((l) => l.kind === 'domain' && l.domain).map((l) => l.domain!);
  if (names.length === 0) return true;
  const answer = await registrar.check(names, trx);
  return names.every((name) => answer.get(name)?.available === true);
}

/** Checks that the order can be provisioned now, holding the servers it would use; writes nothing. */
export async function checkProvisioning(
  trx: Kysely<Database>,
  registrar: Registrar,
  orderId: string,
): Promise<Failure | null> {
  const lines = await orderLinesUnordered(trx, orderId);
  if (!(await domainsFree(trx, registrar, lines))) return 'DOMAIN_UNAVAILABLE';
  const placed = await placeLines(trx, lines);
  return placed.ok ? null : placed.failure;
}

/**
 * Turns a paid order into running services and registered domains, with expiry from each line's period: the
 * services on the servers placeLines chose, active; the domains through the registrar. Throws OUT_OF_CAPACITY or
 * DOMAIN_UNAVAILABLE (the caller's transaction rolls back, nothing is half written).
 */
export async function provision(
  trx: Kysely<Database>,
  registrar: Registrar,
  order: OrderRow,
  now: number,
  log: Journal,
): Promise<void> {
  const lines = await orderLines(trx, order.id);
  const placed = await placeLines(trx, lines);
  if (!placed.ok) throw new AppError(placed.failure);
  for (const line of lines.filter((l) => l.kind === 'domain')) {
    const expiresAt = addMonths(now, line.months);
    const domainId = await registrar.register(trx, { name: line.domain!, userId: order.userId, expiresAt, now });
    if (!domainId) throw new AppError('DOMAIN_UNAVAILABLE');
    await setOrderLine(trx, line.id, { domainId });
    // Its zone is published by the DNS driver (docs/decisions/042-provisioning-engine.md).
    await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domainId, operation: 'create', now });
    await log.statusChange({
      entityType: 'domain',
      entityId: domainId,
      from: null,
      to: 'active',
      reason: order.number,
    });
    await log.activity({
      action: 'domain.registered',
      subjectType: 'domain',
      subjectId: domainId,
      params: { domain: line.domain },
    });
  }
  for (const line of lines.filter((l) => l.kind !== 'domain')) {
    const serviceId = randomUUID();
    const kind = line.kind as Exclude<typeof line.kind, 'domain'>;
    // A kind with a driver stays pending until its driver has created it (docs/decisions/042-provisioning-engine.md);
    // any other is active at once, as before the engine.
    const provisioned = provisionedBy({ type: 'service', kind, planId: line.planId! }) !== null;
    const status = provisioned ? 'pending' : 'active';
    if (!provisioned) serviceStates.assertTransition('pending', 'active');
    await createService(trx, {
      id: serviceId,
      userId: order.userId,
      kind,
      planId: line.planId!,
      name: line.name,
      serverId: placed.servers.get(line.position) ?? null,
      domain: line.domain,
      status,
      suspensionReason: null,
      priceCents: line.unitPriceCents,
      billingPeriod: line.unit,
      expiresAt: addMonths(now, line.months),
      cancelRequestedAt: null,
      cancelReason: null,
      cancelledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await setOrderLine(trx, line.id, { serviceId });
    if (provisioned) {
      await enqueueProvisioning(trx, { resourceType: 'service', resourceId: serviceId, operation: 'create', now });
    }
    // The SSL extra and free SSL of hosting (docs/decisions/049-certificates-through-acme.md).
    await orderServiceCertificate(trx, { id: serviceId, kind, planId: line.planId!, domain: line.domain }, now);
    if (provisioned) continue;
    await log.statusChange({
      entityType: 'service',
      entityId: serviceId,
      from: 'pending',
      to: 'active',
      reason: order.number,
    });
  }
}

/**
 * The order is paid (its invoice and payment are written): provision it now, or leave it for review. With
 * `mayReview` a failed placement also leaves it for review rather than failing (a bank transfer already
 * approved cannot be refused); otherwise the failure is thrown and the caller rolls back.
 */
export async function afterPayment(
  trx: Kysely<Database>,
  registrar: Registrar,
  order: OrderRow,
  now: number,
  log: Journal,
  mayReview: boolean,
): Promise<{ row: OrderRow; event: 'active' | 'awaiting' }> {
  const paid = await moveOrder(trx, order, 'paid', now, log, { paidAt: now });
  const { requireApproval } = await readOrderSettings(trx);
  const failure = await checkProvisioning(trx, registrar, order.id);
  if (failure && !mayReview) throw new AppError(failure);
  if (requireApproval || failure) {
    const row = await moveOrder(trx, paid, 'awaiting_review', now, log);
    await log.notify({ type: 'info', key: 'orderAwaitingReview', params: { number: order.number } });
    return { row, event: 'awaiting' };
  }
  await provision(trx, registrar, paid, now, log);
  const row = await moveOrder(trx, paid, 'active', now, log);
  await log.notify({ type: 'success', key: 'orderActive', params: { number: order.number } });
  await log.activity({
    action: 'order.active',
    subjectType: 'invoice',
    subjectId: order.invoiceId,
    params: { number: order.number },
  });
  return { row, event: 'active' };
}

/** The ledger charge of a paid order: one entry per line, after the payment's credit (if any). */
export async function chargeLines(trx: Kysely<Database>, order: OrderRow, actorId: string, now: number): Promise<void> {
  const lines = await orderLines(trx, order.id);
  for (const line of lines) {
    if (line.amountCents === 0) continue;
    const domainLine = line.kind === 'domain';
    await appendLedgerEntry(trx, {
      userId: order.userId,
      type: domainLine ? 'domain_registration' : 'service_purchase',
      amountCents: -line.amountCents,
      key: domainLine ? 'transactions.domainRegistration' : 'transactions.servicePurchase',
      params: domainLine
        ? { domain: line.domain, order: order.number }
        : { name: line.name, domain: line.domain ?? cityOf(line.location) ?? '', order: order.number },
      invoiceId: order.invoiceId,
      actorId,
      now,
    });
  }
}
