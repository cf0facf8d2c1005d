import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mail/mailer';
import type { TransferHooks } from '../billing';
import type { Registrar } from '../domains';

/**
 * Orders (docs/decisions/032-ordering-and-checkout.md). Placing an order prices the cart from the catalogue and
 * writes the order, its lines and its unpaid invoice. Paying it takes the money and, in the same transaction,
 * either provisions it (services placed on an active server with a free slot in the chosen city, domains
 * registered) or, when new orders need approval, leaves it awaiting review; staff then accept it (provisioning
 * then), cancel it (refunding what was paid to the balance) or flag it as fraud. Every step writes its status
 * history, notification and activity; every staff decision its audit entry.
 *
 * What ordering's use cases need (docs/decisions/056-module-shape.md: one exported function per use case, a small
 * deps interface): the database, the clock, the registry domains are checked and registered with, the mailer of
 * the order mails, whether the demo test card is accepted, and where a failed mail is logged.
 */
export interface OrderDeps {
  db: Kysely<Database>;
  clock: Clock;
  registrar: Registrar;
  mailer: Mailer;
  demoMode: boolean;
  log: { error(object: unknown, message: string): void };
}

/** The `Idempotency-Key` of a request and the fingerprint of its body (lib/idempotency.ts). */
export type Idempotency = { key: string; fingerprint: string };

/**
 * What the billing module's staff routes (a bank transfer's approval, the bulk cancel) use of ordering: the order
 * hooks of a transfer's settlement and staff's cancel. Declared here, apart from orders.service.ts, so that the
 * entry point's type export pulls in no use case (and no import cycle through them).
 */
export interface OrdersService {
  transferHooks: TransferHooks;
  decide(
    orderId: string,
    decision: 'cancel' | 'fraud',
    reason: string,
    actorId: string,
    clientIp: string | null,
  ): Promise<OrderRow>;
}
