import { DATA_CENTERS, findServicePlan, GAME_PLANS, GAMES, type PlanKind, TLDS } from '../catalog';
import { LANGUAGES } from '../model';
import { enumFilter, listQuerySchema, pageSchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { ORDER_STATUSES } from '../states/order';
import {
  bankTransferDetailsSchema,
  cardNumberSchema,
  DOMAIN_RENEWAL_YEARS,
  paymentSchema,
  renewalMonthsOf,
} from './actions';
import { ownerSchema } from './admin';
import { reasonSchema } from './admin-actions';
import { invoiceSchema, moneySchema } from './customer';

/**
 * Ordering and checkout (docs/product/ordering.md, docs/decisions/032-ordering-and-checkout.md): the cart's
 * lines, the public quote that prices them, the order that a signed-in customer places and pays, and the back
 * office's review of orders. Prices come from the catalogue on the server only: a line carries choices, never
 * a price, and the order carries the total the customer saw (`expectedTotal`) so a cart changed elsewhere is
 * refused rather than charged.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });
const timestamp = z.iso.datetime();

/** What a cart line buys: a plan of a service kind, or a domain registration. */
export const ORDER_LINE_KINDS = ['hosting', 'game', 'vds', 'dedicated', 'extra', 'domain'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

/** The kinds placed on a server in a data-centre city: their lines need `location`. */
export const LOCATED_KINDS = ['hosting', 'game', 'vds', 'dedicated'] as const satisfies readonly OrderLineKind[];

/**
 * Every period is given in months, domains too: a domain is registered for 1, 2, 3, 5 or 10 years, so its line's
 * `months` is 12, 24, 36, 60 or 120.
 */
export const DOMAIN_ORDER_MONTHS: readonly number[] = DOMAIN_RENEWAL_YEARS.map((years) => years * 12);

/** The most lines one cart or order has. */
export const CART_MAX_LINES = 20;

/**
 * One line of a cart, as the browser sends it (POST /api/orders/quote and POST /api/orders). Only the choices:
 * - `planId`: a catalogue plan of `kind` (not for domains);
 * - `domain`: for a domain line, the name to register (`example.com`, international names in Unicode or
 *   Punycode); for hosting and extras, the domain to attach: one the customer holds, or one a domain line of
 *   the same cart registers (required for extras, optional for hosting);
 * - `months`: the billing period, one the plan allows (renewalMonthsOf its billing period; DOMAIN_ORDER_MONTHS);
 * - `location`: the data-centre id (DATA_CENTERS) for hosting, game, VDS and dedicated lines;
 * - `game`: the game (GAMES) of a game plan, which must match the plan's game.
 * Unknown fields (a price, say) are dropped: the server never reads a price from the browser.
 * Structural checks are here; what depends on the catalogue is `cartLineProblems`, and the registry's answer
 * (registered, reserved) and ownership are the server's.
 */
export const cartLineSchema = z.object({
  kind: z.enum(ORDER_LINE_KINDS, msg('validation.orderKind')),
  planId: z.string(msg('validation.orderPlan')).trim().max(64, msg('validation.orderPlan')).optional(),
  domain: z.string(msg('validation.domainEmpty')).trim().max(253, msg('validation.domainTooLong')).optional(),
  months: z.number(msg('validation.period')).int(msg('validation.period')),
  location: z.string(msg('validation.orderLocation')).max(32, msg('validation.orderLocation')).optional(),
  game: z.string(msg('validation.orderGame')).max(32, msg('validation.orderGame')).optional(),
});
export type CartLine = z.input<typeof cartLineSchema>;

const cartLinesSchema = z
  .array(cartLineSchema, msg('validation.cartEmpty'))
  .min(1, msg('validation.cartEmpty'))
  .max(CART_MAX_LINES, msg('validation.cartTooLong'));

/** The fields of a line that can be wrong, each with its message key. */
export type CartLineField = 'kind' | 'planId' | 'domain' | 'months' | 'location' | 'game';
export type CartLineProblems = Partial<Record<CartLineField, ValidationMessageKey>>;

/** The periods, in months, a line of `kind` on `planId` may be bought for; empty when the plan is unknown. */
export function orderMonthsOf(kind: OrderLineKind, planId: string | undefined): readonly number[] {
  if (kind === 'domain') return DOMAIN_ORDER_MONTHS;
  const plan = planId === undefined ? undefined : findServicePlan(kind as PlanKind, planId);
  return plan ? renewalMonthsOf(plan.period) : [];
}

/**
 * What is wrong with a line against the catalogue alone (no registry, no account): an unknown plan, period, city
 * or game, a missing domain. The web cart shows these at once; the API checks them again and adds the registry's
 * answer. A domain name's spelling is the API's to judge (the same rules as the domain search).
 */
export function cartLineProblems(line: z.infer<typeof cartLineSchema>): CartLineProblems {
  const problems: CartLineProblems = {};
  if (line.kind === 'domain') {
    if (!line.domain) problems.domain = 'validation.domainEmpty';
    if (!DOMAIN_ORDER_MONTHS.includes(line.months)) problems.months = 'validation.period';
    return problems;
  }
  const plan = line.planId ? findServicePlan(line.kind, line.planId) : undefined;
  if (!plan) {
    problems.planId = 'validation.orderPlan';
  } else if (!renewalMonthsOf(plan.period).includes(line.months)) {
    problems.months = 'validation.period';
  }
  if ((LOCATED_KINDS as readonly string[]).includes(line.kind)) {
    if (!DATA_CENTERS.some((dc) => dc.id === line.location)) problems.location = 'validation.orderLocation';
  }
  if (line.kind === 'game') {
    const game = GAMES.find((g) => g.id === line.game);
    const planGame = GAME_PLANS.find((p) => p.id === plan?.id)?.game;
    if (!game || (planGame !== undefined && planGame !== game.id)) problems.game = 'validation.orderGame';
  }
  if (line.kind === 'extra' && !line.domain) problems.domain = 'validation.orderDomainRequired';
  return problems;
}

/** The endings a domain line may have (with their dots). */
export const ORDER_TLDS: readonly string[] = TLDS.map((t) => t.tld);

// ---------------------------------------------------------------------------------------------------------
// Quote (public)

/**
 * POST /api/orders/quote: prices a cart; no sign-in needed. A line's problems (the catalogue's, a domain's spelling,
 * a domain registered or reserved, a domain twice in the cart) come back with the line; whether an attached domain
 * is the customer's own is checked when the order is placed.
 */
export const quoteRequestSchema = z.object({ lines: cartLinesSchema });
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const pricedLineSchema = z.object({
  kind: z.enum(ORDER_LINE_KINDS),
  planId: z.string().nullable(),
  name: z.string().describe('The plan name, or the domain as people read it'),
  domain: z
    .string()
    .nullable()
    .describe('The registered form (Punycode) of the domain to register or attach, when the line has one'),
  months: z.number().int(),
  location: z.string().nullable(),
  game: z.string().nullable(),
  unit: z.enum(['month', 'year']).describe('What unitPrice is per'),
  unitPrice: moneySchema.nullable().describe('The catalogue price per unit; null when the plan is unknown'),
  periodPrice: moneySchema.nullable().describe('The price of the chosen period; null when it cannot be priced'),
  lineTotal: moneySchema.nullable().describe('What the line costs (one of it); null when it has problems'),
  discount: moneySchema
    .nullable()
    .describe(
      'Taken off the period price: the first year of a domain registered with a hosting plan that includes a free ' +
        'domain (`freeDomainWith` names the plan); null when none',
    ),
  freeDomainWith: z.string().nullable().describe('The hosting plan whose free first year this domain line gets'),
});
export type PricedLine = z.infer<typeof pricedLineSchema>;

export const quoteLineSchema = pricedLineSchema.extend({
  errors: z
    .record(z.string(), z.string())
    .describe('Field (kind, planId, domain, months, location, game) → validation message key; empty when fine'),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteResponseSchema = z.object({
  lines: z.array(quoteLineSchema).describe('In the order sent'),
  total: moneySchema.describe('The sum of the lines without problems'),
  valid: z.boolean().describe('Every line can be ordered as it is'),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Orders (customer)

/**
 * POST /api/orders (signed in, `Idempotency-Key` header): the cart and the total the customer saw, in cents.
 * A line's problem answers 400 with the field `lines.N.field`; a total that differs from the catalogue's
 * answers 409 CART_CHANGED and creates nothing.
 */
export const createOrderRequestSchema = z.object({
  lines: cartLinesSchema,
  expectedTotal: z.number(msg('validation.expectedTotal')).int(msg('validation.expectedTotal')).min(0),
});
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

export const orderLineSchema = pricedLineSchema.extend({
  id: z.string(),
  unitPrice: moneySchema,
  periodPrice: moneySchema,
  lineTotal: moneySchema.describe('The period price less the discount'),
  serviceId: z.string().nullable().describe('The service this line became, once provisioned'),
  domainId: z.string().nullable().describe('The domain this line registered, once provisioned'),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * How long an order may wait for its payment (docs/decisions/052-money-journeys.md): after this many
 * days unpaid, with no bank transfer pending, the scheduler cancels it ("expired") and voids its invoice.
 */
export const UNPAID_ORDER_EXPIRY_DAYS = 7;

/** When an unpaid order placed at `createdAt` (ms) expires. */
export function unpaidOrderExpiry(createdAt: number): number {
  return createdAt + UNPAID_ORDER_EXPIRY_DAYS * 24 * 60 * 60 * 1000;
}

/** Who cancelled an order: staff in the back office, the customer (unpaid only), or the scheduler (unpaid too long). */
export const ORDER_CANCEL_CAUSES = ['staff', 'customer', 'expired'] as const;
export type OrderCancelCause = (typeof ORDER_CANCEL_CAUSES)[number];

export const orderSummarySchema = z.object({
  id: z.string(),
  number: z.string().describe('ORD-2026-000123'),
  status: z.enum(ORDER_STATUSES),
  total: moneySchema,
  lineCount: z.number().int().nonnegative(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
  invoiceId: z.string(),
  transferPending: z
    .boolean()
    .describe('A bank transfer toward it waits for staff: it can be neither paid again nor cancelled by the customer'),
  expiresAt: timestamp
    .nullable()
    .describe('While it waits for payment with no transfer pending: when it is cancelled unless paid'),
  cancelledBy: z.enum(ORDER_CANCEL_CAUSES).nullable().describe('Who cancelled it, when it is cancelled'),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  invoice: invoiceSchema.describe('The order invoice; its lines are the order lines and it names the order'),
  payments: z.array(paymentSchema).describe('Payments toward the invoice, newest first'),
  bankTransfer: bankTransferDetailsSchema
    .nullable()
    .describe('Where to send the money while a bank transfer is pending; null otherwise'),
  decisionReason: z.string().nullable().describe('The reason staff gave when they cancelled or flagged it'),
  decidedAt: timestamp.nullable().describe('When staff accepted, cancelled or flagged it'),
  refund: moneySchema.nullable().describe('Credited back to the balance when the paid order was cancelled'),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const orderListQuerySchema = listQuerySchema({
  sort: ['createdAt', 'number', 'total', 'status'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  search: false,
  filters: { status: enumFilter(ORDER_STATUSES) },
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export const orderPageSchema = pageSchema(orderSummarySchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** How an order is paid: from the balance, by the test card (demo mode only), or by bank transfer. */
export const ORDER_PAYMENT_METHODS = ['balance', 'test_card', 'bank_transfer'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/**
 * POST /api/orders/:id/pay (`Idempotency-Key` header). Balance and test card settle at once; a bank transfer
 * stays pending until staff approve it in the back office. An order that is not waiting for payment answers
 * 409 ORDER_ALREADY_PAID (paid, or a transfer already pending) or INVALID_STATE (cancelled, fraud).
 */
export const payOrderRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('balance') }),
    z.object({ method: z.literal('test_card'), cardNumber: cardNumberSchema }),
    z.object({ method: z.literal('bank_transfer') }),
  ],
  msg('validation.paymentMethod'),
);
export type PayOrderRequest = z.input<typeof payOrderRequestSchema>;

export const payOrderResponseSchema = z.object({
  order: orderDetailSchema,
  payment: paymentSchema,
  balance: moneySchema.describe('The balance after the payment'),
});
export type PayOrderResponse = z.infer<typeof payOrderResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Back office

const ADMIN_ORDERS_LIST = {
  sort: ['createdAt', 'number', 'total', 'status'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  filters: { status: enumFilter(ORDER_STATUSES) },
} as const;

/** GET /api/admin/orders: `q` matches the order number and the customer's name and e-mail. */
export const adminOrdersQuerySchema = listQuerySchema(ADMIN_ORDERS_LIST);
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** GET /api/admin/orders/export: the list's search, filter and sort, every matching row; `lang` for headings. */
export const adminOrdersExportQuerySchema = listQuerySchema({
  ...ADMIN_ORDERS_LIST,
  filters: { ...ADMIN_ORDERS_LIST.filters, lang: enumFilter(LANGUAGES) },
});
export type AdminOrdersExportQuery = z.input<typeof adminOrdersExportQuerySchema>;

export const adminOrderSchema = orderSummarySchema.extend({ customer: ownerSchema });
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrdersPageSchema = pageSchema(adminOrderSchema);
export type AdminOrdersPage = z.infer<typeof adminOrdersPageSchema>;

export const adminOrderDetailSchema = orderDetailSchema.extend({
  customer: ownerSchema,
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/** POST /api/admin/orders/:id/cancel and /fraud: the reason staff give (3 to 500 characters). */
export const adminOrderDecisionSchema = z.object({ reason: reasonSchema });
export type AdminOrderDecision = z.input<typeof adminOrderDecisionSchema>;

/** GET and PUT /api/admin/orders/settings: whether a paid order waits for staff to accept it (on by default). */
export const orderSettingsSchema = z.object({ requireApproval: z.boolean(msg('validation.invalidType')) }).strict();
export type OrderSettings = z.infer<typeof orderSettingsSchema>;
export const DEFAULT_ORDER_SETTINGS: OrderSettings = { requireApproval: true };

/** An order number: ORD-2026-000123 (the sequence restarts each year, at least six digits). */
export function orderNumber(year: number, sequence: number): string {
  return `ORD-${year}-${String(sequence).padStart(6, '0')}`;
}
