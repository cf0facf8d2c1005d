import { createHash, randomUUID } from 'node:crypto';
import {
  addMonths,
  type ApiErrorBody,
  CURRENCY,
  DEFAULT_ORDER_SETTINGS,
  invoiceStates,
  type OrderDetail,
  type OrderLine,
  type OrderSettings,
  orderNumber,
  orderSettingsSchema,
  type OrderSummary,
  type PayOrderResponse,
  serviceStates,
  TEST_CARD_DECLINED_NUMBER,
  unpaidOrderExpiry,
  validationMessage,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderLineRow, OrderRow, PaymentRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type Answer, lockAccount, runIdempotent } from '../../lib/idempotency';
import { type Journal, journal } from '../../lib/journal';
import type { Mailer } from '../../lib/mail/mailer';
import {
  appendLedgerEntry,
  balanceOf,
  createInvoice,
  type InvoiceLineInput,
  money,
  paymentCreditText,
  readBankAccount,
  takeNumbers,
  toInvoice,
  toPayment,
  type TransferHooks,
} from '../billing';
import { type CartLineInput, cartProblemsError, cityOf, type PricedCart, priceCart } from './cart-pricing';
import type { Registrar } from '../domains';
import { enqueueProvisioning } from '../provisioning/tasks';
import { orderServiceCertificate } from '../certificates/service-certificate';
import { provisionedBy } from '../provisioning/registry';
import { lockedFreeSlots, placeable, SERVER_TYPE } from './server-capacity';
import { closeOrder, moveOrder, transferPending } from './order-closing';
import {
  customerOrderById,
  insertOrder,
  orderById,
  orderByIdOrThrow,
  orderLines,
  orderLinesUnordered,
  orderOfInvoice,
  readOrderSetting,
  setOrderLine,
  waitingOrderOfCart,
  writeOrderSetting,
} from './orders.repository';
import { createService } from '../services';

/**
 * Orders (docs/decisions/032-ordering-and-checkout.md). Placing an order prices the cart from the catalogue and
 * writes the order, its lines and its unpaid invoice. Paying it takes the money and, in the same transaction,
 * either provisions it (services placed on an active server with a free slot in the chosen city, domains
 * registered) or, when new orders need approval, leaves it awaiting review; staff then accept it (provisioning
 * then), cancel it (refunding what was paid to the balance) or flag it as fraud. Every step writes its status
 * history, notification and activity; every staff decision its audit entry.
 */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
export const ORDER_SETTING = 'orders.requireApproval';

export async function readOrderSettings(db: Kysely<Database>): Promise<OrderSettings> {
  const row = await readOrderSetting(db, ORDER_SETTING);
  if (!row) return DEFAULT_ORDER_SETTINGS;
  try {
    const parsed = orderSettingsSchema.safeParse({ requireApproval: JSON.parse(row.value) });
    return parsed.success ? parsed.data : DEFAULT_ORDER_SETTINGS;
  } catch {
    return DEFAULT_ORDER_SETTINGS;
  }
}

export async function writeOrderSettings(
  db: Kysely<Database>,
  settings: OrderSettings,
  actorId: string,
  now: number,
): Promise<void> {
  await writeOrderSetting(db, ORDER_SETTING, JSON.stringify(settings.requireApproval), actorId, now);
}

// ---------------------------------------------------------------------------------------------------------
// Reading

function toLine(row: OrderLineRow): OrderLine {
  return {
    id: row.id,
    kind: row.kind,
    planId: row.planId,
    name: row.name,
    domain: row.domain,
    months: row.months,
    location: row.location,
    game: row.game,
    unit: row.unit,
    unitPrice: money(row.unitPriceCents),
    periodPrice: money(row.amountCents + row.discountCents),
    lineTotal: money(row.amountCents),
    discount: row.discountCents > 0 ? money(row.discountCents) : null,
    freeDomainWith: row.freeDomainWith,
    serviceId: row.serviceId,
    domainId: row.domainId,
  };
}

export function toOrderSummary(row: OrderRow, lineCount: number, transferPending: boolean): OrderSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    total: money(row.totalCents, row.currency),
    lineCount,
    createdAt: iso(row.createdAt)!,
    paidAt: iso(row.paidAt),
    invoiceId: row.invoiceId,
    transferPending,
    expiresAt: row.status === 'pending_payment' && !transferPending ? iso(unpaidOrderExpiry(row.createdAt)) : null,
    cancelledBy: row.status === 'cancelled' ? (row.cancelCause ?? 'staff') : null,
  };
}

export { transferPendingOf } from './orders.repository';

/** The whole order as its owner (and staff) read it. */
export async function readOrderDetail(db: Kysely<Database>, order: OrderRow): Promise<OrderDetail> {
  const lines = await orderLines(db, order.id);
  const invoice = await db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', order.invoiceId)
    .executeTakeFirstOrThrow();
  const payments = await db
    .selectFrom('payments')
    .selectAll()
    .where('invoiceId', '=', order.invoiceId)
    .orderBy('createdAt', 'desc')
    .execute();
  const pendingTransfer = payments.some((p) => p.method === 'bank_transfer' && p.status === 'pending');
  const bank = pendingTransfer && order.status === 'pending_payment' ? await readBankAccount(db) : null;
  return {
    ...toOrderSummary(
      order,
      lines.length,
      payments.some((p) => p.status === 'pending'),
    ),
    lines: lines.map(toLine),
    invoice: toInvoice(invoice),
    payments: payments.map(toPayment),
    bankTransfer: bank ? { ...bank, reference: invoice.number } : null,
    decisionReason: order.decisionReason,
    decidedAt: iso(order.decidedAt),
    refund: order.refundCents === null ? null : money(order.refundCents, order.currency),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Provisioning

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

/**
 * The servers a located line may go on (active, placeable, of its type and city), each with its free slots as
 * read now without a lock, in name and id order.
 */
async function freeCapacity(
  trx: Kysely<Database>,
  location: string,
  type: string,
): Promise<{ id: string; free: number }[]> {
  const rows = await trx
    .selectFrom('servers')
    .leftJoin('services', (join) =>
      join.onRef('services.serverId', '=', 'servers.id').on('services.status', '!=', 'cancelled'),
    )
    .select((eb) => ['servers.id', 'servers.capacity', eb.fn.count<number>('services.id').as('placed')])
    .where('servers.location', '=', location as never)
    .where('servers.type', '=', type as never)
    .where('servers.status', '=', 'active')
    .where(placeable)
    .groupBy(['servers.id', 'servers.capacity', 'servers.name'])
    .orderBy('servers.name')
    .orderBy('servers.id')
    .execute();
  return rows.map((r) => ({ id: r.id, free: Number(r.capacity) - Number(r.placed) }));
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
async function provision(
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

export interface OrdersServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  registrar: Registrar;
  mailer: Mailer;
  demoMode: boolean;
  log: { error(object: unknown, message: string): void };
}

type Idempotency = { key: string; fingerprint: string };

export function createOrdersService({ db, clock, registrar, mailer, demoMode, log: logger }: OrdersServiceDeps) {
  /** Mails the customer in their language once the transaction has committed; a failed mail is logged only. */
  async function mailOrder(orderId: string, event: 'placed' | 'active' | 'awaiting' | 'cancelled'): Promise<void> {
    try {
      const order = await orderById(db, orderId);
      if (!order) throw new Error(`No order ${orderId}`);
      const user = await db
        .selectFrom('users')
        .select(['email', 'firstName', 'preferredLanguage'])
        .where('id', '=', order.userId)
        .executeTakeFirstOrThrow();
      const lines = await orderLines(db, orderId);
      await mailer.send(
        user.email,
        {
          kind: 'order',
          event,
          firstName: user.firstName,
          number: order.number,
          totalMinor: order.totalCents,
          currency: order.currency,
          lines: lines.map((l) => ({
            name: l.name,
            detail: l.kind === 'domain' ? null : (l.domain ?? cityOf(l.location)),
            months: l.months,
            amountMinor: l.amountCents,
          })),
        },
        user.preferredLanguage,
      );
    } catch (error) {
      logger.error({ err: error, orderId }, 'order mail failed');
    }
  }

  /**
   * The order is paid (its invoice and payment are written): provision it now, or leave it for review. With
   * `mayReview` a failed placement also leaves it for review rather than failing (a bank transfer already
   * approved cannot be refused); otherwise the failure is thrown and the caller rolls back.
   */
  async function afterPayment(
    trx: Kysely<Database>,
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
  async function chargeLines(trx: Kysely<Database>, order: OrderRow, actorId: string, now: number): Promise<void> {
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

  async function ownOrder(trx: Kysely<Database>, userId: string, orderId: string): Promise<OrderRow> {
    const order = await customerOrderById(trx, userId, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    return order;
  }

  return {
    async quote(lines: readonly CartLineInput[]): Promise<PricedCart> {
      return priceCart(db, registrar, lines, null);
    },

    async create(
      userId: string,
      input: { lines: CartLineInput[]; expectedTotal: number },
      idempotency: Idempotency,
    ): Promise<Answer<OrderDetail>> {
      const now = clock.now();
      const answer = await runIdempotent<OrderDetail>(db, { userId, ...idempotency, now }, async (trx) => {
        const cart = await priceCart(trx, registrar, input.lines, userId);
        if (!cart.valid) throw cartProblemsError(cart);
        if (cart.totalCents !== input.expectedTotal) {
          throw new AppError('CART_CHANGED', { cause: { expected: input.expectedTotal, total: cart.totalCents } });
        }
        // One order per cart: the same cart placed again (a retry after a failed payment, a reload, another tab)
        // while its order still waits for payment answers that order.
        const cartKey = cartKeyOf(cart);
        const waiting = await waitingOrderOfCart(trx, userId, cartKey);
        if (waiting) return { statusCode: 200, body: await readOrderDetail(trx, waiting) };
        const year = new Date(now).getUTCFullYear();
        const sequence = await takeNumbers(trx, `order:${year}`);
        const number = orderNumber(year, sequence);
        const invoice = await createInvoice(trx, {
          userId,
          status: 'unpaid',
          now,
          // Due when the order expires unpaid (docs/decisions/052-money-journeys.md): one date for both.
          dueAt: unpaidOrderExpiry(now),
          lines: cart.lines.flatMap((line): InvoiceLineInput[] =>
            line.kind === 'domain'
              ? [
                  {
                    key: 'invoiceLines.orderDomain',
                    params: { domain: line.domain, years: line.quantity, order: number },
                    quantity: line.quantity,
                    unitPriceCents: line.unitPriceCents,
                  },
                  // The free first year, as a line of its own so the invoice shows the price and the gift.
                  ...(line.discountCents > 0
                    ? [
                        {
                          key: 'invoiceLines.freeDomainYear',
                          params: { domain: line.domain, plan: line.freeDomainWith, order: number },
                          unitPriceCents: -line.discountCents,
                        },
                      ]
                    : []),
                ]
              : [
                  {
                    key: 'invoiceLines.orderService',
                    params: { name: line.name, domain: line.domain ?? cityOf(line.location) ?? '', order: number },
                    quantity: line.quantity,
                    unitPriceCents: line.unitPriceCents,
                  },
                ],
          ),
        });
        const order: OrderRow = {
          id: randomUUID(),
          userId,
          number,
          year,
          sequence,
          status: 'pending_payment',
          invoiceId: invoice.id,
          totalCents: cart.totalCents,
          currency: CURRENCY,
          paidAt: null,
          decidedAt: null,
          decidedBy: null,
          decisionReason: null,
          refundCents: null,
          cartKey,
          cancelCause: null,
          createdAt: now,
          updatedAt: now,
        };
        await insertOrder(
          trx,
          order,
          cart.lines.map((line, index) => ({
            id: randomUUID(),
            orderId: order.id,
            position: index + 1,
            kind: line.kind,
            planId: line.planId,
            name: line.name,
            domain: line.domain,
            months: line.months,
            location: line.location,
            game: line.game,
            unit: line.unit,
            unitPriceCents: line.unitPriceCents,
            amountCents: line.amountCents,
            discountCents: line.discountCents,
            freeDomainWith: line.freeDomainWith,
            serviceId: null,
            domainId: null,
          })),
        );
        const log = journal(trx, userId, userId, now);
        await log.statusChange({ entityType: 'order', entityId: order.id, from: null, to: 'pending_payment' });
        const params = { number, amountMinor: order.totalCents, currency: order.currency };
        await log.notify({ type: 'info', key: 'orderPlaced', params });
        await log.activity({ action: 'order.placed', subjectType: 'invoice', subjectId: invoice.id, params });
        return { statusCode: 201, body: await readOrderDetail(trx, order) };
      });
      return answer;
    },

    async pay(
      userId: string,
      orderId: string,
      input: { method: 'balance' } | { method: 'test_card'; cardNumber: string } | { method: 'bank_transfer' },
      idempotency: Idempotency,
    ): Promise<Answer<PayOrderResponse | ApiErrorBody>> {
      if (input.method === 'test_card' && !demoMode) {
        const code = 'validation.paymentMethodUnavailable';
        throw new AppError('VALIDATION_FAILED', { fields: { method: { code, message: validationMessage(code) } } });
      }
      const now = clock.now();
      let mail: { orderId: string; event: 'active' | 'awaiting' } | null = null;
      const answer = await runIdempotent<PayOrderResponse | ApiErrorBody>(
        db,
        { userId, ...idempotency, now },
        async (trx) => {
          const order = await ownOrder(trx, userId, orderId);
          if (order.status === 'cancelled' || order.status === 'fraud') {
            throw new AppError('INVALID_STATE', { message: `A ${order.status} order cannot be paid` });
          }
          if (order.status !== 'pending_payment') throw new AppError('ORDER_ALREADY_PAID');
          const pending = await trx
            .selectFrom('payments')
            .select('id')
            .where('invoiceId', '=', order.invoiceId)
            .where('status', '=', 'pending')
            .executeTakeFirst();
          if (pending) throw new AppError('ORDER_ALREADY_PAID');
          const log = journal(trx, userId, userId, now);
          const params = { number: order.number, amountMinor: order.totalCents, currency: order.currency };

          const payment: PaymentRow = {
            id: randomUUID(),
            userId,
            invoiceId: order.invoiceId,
            method: input.method === 'test_card' ? 'credit_card' : input.method,
            status: 'pending',
            refundedCents: 0,
            purpose: 'invoice',
            amountCents: order.totalCents,
            currency: order.currency,
            declineReason: null,
            idempotencyKey: idempotency.key,
            providerReference: null,
            createdAt: now,
            updatedAt: now,
            completedAt: null,
          };

          if (input.method === 'bank_transfer') {
            await trx.insertInto('payments').values(payment).execute();
            await log.activity({ action: 'payment.pending', subjectType: 'payment', subjectId: payment.id, params });
            return {
              statusCode: 201,
              body: {
                order: await readOrderDetail(trx, order),
                payment: toPayment(payment),
                balance: money(await balanceOf(trx, userId)),
              },
            };
          }

          // Refused before any money moves when there is no slot or a domain is gone: nothing is taken.
          const failure = await checkProvisioning(trx, registrar, order.id);
          if (failure) throw new AppError(failure);
          if (input.method === 'balance') {
            const balance = await balanceOf(trx, userId);
            if (balance < order.totalCents) {
              throw new AppError('INSUFFICIENT_FUNDS', { cause: { balance, priceCents: order.totalCents } });
            }
          } else {
            // The demo test card (as when adding funds): declined for its one declined number.
            payment.providerReference = `test_${randomUUID()}`;
            if (input.cardNumber === TEST_CARD_DECLINED_NUMBER) {
              await trx
                .insertInto('payments')
                .values({ ...payment, status: 'failed', declineReason: 'card_declined' })
                .execute();
              await log.statusChange({ entityType: 'payment', entityId: payment.id, from: 'pending', to: 'failed' });
              await log.notify({ type: 'error', key: 'paymentDeclined', params });
              return { statusCode: 402, body: new AppError('PAYMENT_DECLINED').toBody() };
            }
          }
          payment.status = 'completed';
          payment.completedAt = now;
          await trx.insertInto('payments').values(payment).execute();
          await log.statusChange({ entityType: 'payment', entityId: payment.id, from: 'pending', to: 'completed' });
          if (input.method === 'test_card') {
            await appendLedgerEntry(trx, {
              userId,
              type: 'topup',
              amountCents: order.totalCents,
              ...(await paymentCreditText(trx, payment)),
              paymentId: payment.id,
              invoiceId: order.invoiceId,
              actorId: userId,
              now,
            });
          }
          await chargeLines(trx, order, userId, now);
          invoiceStates.assertTransition('unpaid', 'paid');
          await trx
            .updateTable('invoices')
            .set({ status: 'paid', paidAt: now, updatedAt: now })
            .where('id', '=', order.invoiceId)
            .where('status', '=', 'unpaid')
            .execute();
          await log.statusChange({ entityType: 'invoice', entityId: order.invoiceId, from: 'unpaid', to: 'paid' });
          await log.activity({ action: 'order.paid', subjectType: 'payment', subjectId: payment.id, params });
          const after = await afterPayment(trx, order, now, log, false);
          mail = { orderId: order.id, event: after.event };
          return {
            statusCode: 200,
            body: {
              order: await readOrderDetail(trx, after.row),
              payment: toPayment(payment),
              balance: money(await balanceOf(trx, userId)),
            },
          };
        },
      );
      if (mail)
        await mailOrder((mail as { orderId: string }).orderId, (mail as { event: 'active' | 'awaiting' }).event);
      return answer;
    },

    /**
     * A bank transfer toward an order's invoice was approved (inside settleBankTransfer's transaction, whose
     * ledger already holds the transfer's credit): charge the order and move it on. Answers the order id to mail
     * about after commit, or null when the invoice is no order's.
     */
    transferHooks: {
      async isOrderInvoice(trx, invoiceId) {
        return (await orderOfInvoice(trx, invoiceId)) !== undefined;
      },
      async afterApproval(trx, { invoiceId, actorId, now, clientIp }) {
        const order = await orderOfInvoice(trx, invoiceId);
        if (!order || order.status !== 'pending_payment') return null;
        const log = journal(trx, order.userId, actorId, now, clientIp);
        await chargeLines(trx, order, actorId, now);
        const after = await afterPayment(trx, order, now, log, true);
        return () => mailOrder(order.id, after.event);
      },
    } satisfies TransferHooks,

    mailOrder,

    async accept(orderId: string, actorId: string, clientIp: string | null): Promise<OrderRow> {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const order = await orderById(trx, orderId);
        if (!order) throw new AppError('NOT_FOUND');
        await lockAccount(trx, order.userId);
        if (order.status !== 'awaiting_review') throw new AppError('INVALID_STATE');
        const log = journal(trx, order.userId, actorId, now, clientIp);
        await provision(trx, registrar, order, now, log);
        const updated = await moveOrder(trx, order, 'active', now, log, { decidedAt: now, decidedBy: actorId });
        await log.audit({
          action: 'order.accept',
          entityType: 'order',
          entityId: order.id,
          before: { status: order.status },
          after: { status: 'active' },
        });
        await log.notify({ type: 'success', key: 'orderActive', params: { number: order.number } });
        await log.activity({
          action: 'order.active',
          subjectType: 'invoice',
          subjectId: order.invoiceId,
          params: { number: order.number },
        });
        return updated;
      });
      await mailOrder(row.id, 'active');
      return row;
    },

    /**
     * Cancels an order (refunding what was paid to the balance as a ledger credit) or flags it as fraud (no
     * refund: staff credit by hand what they decide to give back). An unpaid invoice is voided, a pending bank
     * transfer declined.
     */
    async decide(
      orderId: string,
      decision: 'cancel' | 'fraud',
      reason: string,
      actorId: string,
      clientIp: string | null,
    ): Promise<OrderRow> {
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const owner = await orderById(trx, orderId);
        if (!owner) throw new AppError('NOT_FOUND');
        await lockAccount(trx, owner.userId);
        // Read again under the lock: a refund or another decision may have committed while it was taken.
        const order = await orderByIdOrThrow(trx, orderId);
        const to = decision === 'cancel' ? 'cancelled' : 'fraud';
        const log = journal(trx, order.userId, actorId, now, clientIp);
        const { row: updated, refund } = await closeOrder(trx, order, to, {
          cause: to === 'cancelled' ? 'staff' : null,
          reason,
          actorId,
          now,
          log,
        });
        await log.audit({
          action: decision === 'cancel' ? 'order.cancel' : 'order.fraud',
          entityType: 'order',
          entityId: order.id,
          before: { status: order.status },
          after: { status: to, reason, refundMinor: refund },
        });
        await log.notify({
          type: 'warning',
          key: 'orderCancelled',
          params: { number: order.number, amountMinor: refund ?? 0, currency: order.currency },
        });
        return updated;
      });
      if (decision === 'cancel') await mailOrder(row.id, 'cancelled');
      return row;
    },

    /**
     * The customer cancels an order still waiting for payment (docs/decisions/052-money-journeys.md):
     * its invoice is voided; nothing was paid, so nothing goes back. A bank transfer waiting for staff answers
     * INVALID_STATE: the money may be on its way, so staff decide.
     */
    async cancelUnpaid(userId: string, orderId: string, clientIp: string | null): Promise<OrderDetail> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, userId);
        const order = await ownOrder(trx, userId, orderId);
        if (order.status !== 'pending_payment') {
          throw new AppError('INVALID_STATE', { message: 'Only an order waiting for payment can be cancelled here' });
        }
        if (await transferPending(trx, order.invoiceId)) {
          throw new AppError('INVALID_STATE', { message: 'A bank transfer toward this order is being checked' });
        }
        const log = journal(trx, userId, userId, now, clientIp);
        const { row } = await closeOrder(trx, order, 'cancelled', {
          cause: 'customer',
          reason: null,
          actorId: userId,
          now,
          log,
        });
        await log.audit({
          action: 'order.cancelByCustomer',
          entityType: 'order',
          entityId: order.id,
          before: { status: order.status, invoice: 'unpaid' },
          after: { status: row.status, invoice: 'void' },
        });
        const params = { number: order.number, amountMinor: order.totalCents, currency: order.currency };
        await log.notify({ type: 'info', key: 'orderCancelledByCustomer', params });
        await log.activity({ action: 'order.cancelled', subjectType: 'invoice', subjectId: order.invoiceId, params });
        return readOrderDetail(trx, row);
      });
    },
  };
}

/**
 * The digest of a priced cart (docs/decisions/052-money-journeys.md): the same choices at the same
 * prices give the same key, so placing them again finds the order still waiting for payment.
 */
export function cartKeyOf(cart: PricedCart): string {
  const lines = cart.lines.map((l) => [l.kind, l.planId, l.domain, l.months, l.location, l.game, l.amountCents]);
  return createHash('sha256')
    .update(JSON.stringify({ lines, total: cart.totalCents }))
    .digest('hex');
}

export type OrdersService = ReturnType<typeof createOrdersService>;
