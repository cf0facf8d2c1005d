import {
  type CartLineProblems,
  type cartLineSchema,
  cartLineProblems,
  CURRENCY,
  DATA_CENTERS,
  domainYearCents,
  findServicePlan,
  FREE_DOMAIN_MIN_MONTHS,
  includesFreeDomain,
  type OrderLineKind,
  type QuoteLine,
  type QuoteResponse,
  renewalCents,
  toCents,
  validationMessage,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { displayDomainName, ownedDomainNames, readDomain, type Registrar } from '../domains';

/**
 * Prices a cart from the catalogue (docs/decisions/032-ordering-and-checkout.md): the browser sends choices, the
 * server finds every price. Each line's problems are named by field with a validation key: the catalogue's
 * (unknown plan, period, city, game), a domain's spelling, a domain registered or reserved, a domain twice in the
 * cart, and, once the customer is known, an attached domain that is neither theirs nor in the cart.
 */

export type CartLineInput = z.infer<typeof cartLineSchema>;

/** A line as the order stores it: its choices normalised and its prices in cents. */
export interface PricedCartLine {
  kind: OrderLineKind;
  planId: string | null;
  name: string;
  domain: string | null;
  months: number;
  location: string | null;
  game: string | null;
  unit: 'month' | 'year';
  unitPriceCents: number;
  /** How many units the period is: months for monthly plans, years for yearly plans and domains. */
  quantity: number;
  /** What the line costs: the period price less the discount. */
  amountCents: number;
  /** Taken off the period price (a free first domain year), and the hosting plan that gives it. */
  discountCents: number;
  freeDomainWith: string | null;
  problems: CartLineProblems;
}

export interface PricedCart {
  lines: PricedCartLine[];
  totalCents: number;
  valid: boolean;
}

export async function priceCart(
  db: Kysely<Database>,
  registrar: Registrar,
  input: readonly CartLineInput[],
  /** The customer placing the order; without one (the public quote) attached domains are not checked. */
  userId: string | null,
): Promise<PricedCart> {
  const lines: PricedCartLine[] = input.map((line) => {
    const problems = cartLineProblems(line);
    const plan = line.kind === 'domain' || !line.planId ? undefined : findServicePlan(line.kind, line.planId);
    const base = {
      kind: line.kind,
      planId: line.kind === 'domain' ? null : (line.planId ?? null),
      months: line.months,
      location: (line.kind === 'domain' || line.kind === 'extra' ? null : line.location) ?? null,
      game: line.kind === 'game' ? (line.game ?? null) : null,
      discountCents: 0,
      freeDomainWith: null,
      problems,
    };
    let domain: string | null = null;
    if (line.domain) {
      const read = readDomain(line.domain);
      if ('problem' in read) problems.domain ??= read.problem;
      else domain = read.name;
    }
    if (line.kind === 'domain') {
      const tld = domain ? domain.slice(domain.indexOf('.')) : null;
      const unitPriceCents = (tld ? domainYearCents(tld) : undefined) ?? 0;
      const quantity = line.months / 12;
      return {
        ...base,
        name: domain ? displayDomainName(domain) : (line.domain ?? ''),
        domain,
        unit: 'year',
        unitPriceCents,
        quantity,
        amountCents: Number.isInteger(quantity) ? unitPriceCents * quantity : 0,
      };
    }
    const unitPriceCents = plan ? toCents(plan.price) : 0;
    const quantity = plan?.period === 'year' ? line.months / 12 : line.months;
    return {
      ...base,
      name: plan?.name ?? line.planId ?? '',
      domain,
      unit: plan?.period ?? 'month',
      unitPriceCents,
      quantity,
      amountCents: plan && !problems.months ? renewalCents(plan, line.months) : 0,
    };
  });

  // A domain registered once per cart, and the registry's answer for each.
  const registering = lines.filter((line) => line.kind === 'domain' && line.domain && !line.problems.domain);
  const seen = new Set<string>();
  for (const line of registering) {
    if (seen.has(line.domain!)) line.problems.domain = 'validation.domainInCartTwice';
    seen.add(line.domain!);
  }
  const availability = await registrar.check([...seen], db);
  for (const line of registering) {
    const answer = availability.get(line.domain!);
    if (!line.problems.domain && answer && !answer.available) {
      line.problems.domain = answer.reason === 'reserved' ? 'validation.domainReserved' : 'validation.domainRegistered';
    }
  }

  // An attached domain: the customer's own, or one this cart registers.
  if (userId !== null) {
    const attached = lines.filter((line) => line.kind !== 'domain' && line.domain && !line.problems.domain);
    const names = [...new Set(attached.map((line) => line.domain!))];
    const owned = await ownedDomainNames(db, userId, names);
    for (const line of attached) {
      if (!owned.has(line.domain!) && !seen.has(line.domain!)) line.problems.domain = 'validation.orderDomainNotOwned';
    }
  }

  grantFreeDomains(lines);

  const valid = lines.every((line) => Object.keys(line.problems).length === 0);
  const totalCents = lines
    .filter((line) => Object.keys(line.problems).length === 0)
    .reduce((sum, line) => sum + line.amountCents, 0);
  return { lines, totalCents, valid };
}

const fine = (line: PricedCartLine) => Object.keys(line.problems).length === 0;

/**
 * "Free domain for the first year" (docs/decisions/052-money-journeys.md): a hosting line on a plan that includes a
 * free domain, for at least FREE_DOMAIN_MIN_MONTHS, makes the first year of the domain it is for free when this cart
 * registers that domain; one domain per hosting line. The domain renews at its catalogue price after that year.
 */
function grantFreeDomains(lines: PricedCartLine[]): void {
  for (const hosting of lines) {
    if (!fine(hosting) || !hosting.domain || hosting.months < FREE_DOMAIN_MIN_MONTHS) continue;
    if (!includesFreeDomain(hosting.kind, hosting.planId)) continue;
    const domain = lines.find((l) => l.kind === 'domain' && l.domain === hosting.domain && fine(l));
    if (!domain || domain.discountCents > 0) continue;
    domain.discountCents = domain.unitPriceCents;
    domain.amountCents -= domain.unitPriceCents;
    domain.freeDomainWith = hosting.name;
  }
}

const money = (amountMinor: number) => ({ amountMinor, currency: CURRENCY });

/** The public quote's answer. */
export function toQuote(cart: PricedCart): QuoteResponse {
  return {
    lines: cart.lines.map((line): QuoteLine => {
      const fine = Object.keys(line.problems).length === 0;
      const priced = !line.problems.planId && !(line.kind === 'domain' && line.problems.domain && !line.domain);
      return {
        kind: line.kind,
        planId: line.planId,
        name: line.name,
        domain: line.domain,
        months: line.months,
        location: line.location,
        game: line.game,
        unit: line.unit,
        unitPrice: priced ? money(line.unitPriceCents) : null,
        periodPrice: priced && !line.problems.months ? money(line.amountCents + line.discountCents) : null,
        lineTotal: fine ? money(line.amountCents) : null,
        discount: fine && line.discountCents > 0 ? money(line.discountCents) : null,
        freeDomainWith: fine ? line.freeDomainWith : null,
        errors: { ...line.problems },
      };
    }),
    total: money(cart.totalCents),
    valid: cart.valid,
  };
}

/** The cart's problems as a 400 answer: each under `lines.<index>.<field>`. */
export function cartProblemsError(cart: PricedCart): AppError {
  const fields: Record<string, { code: string; message: string }> = {};
  cart.lines.forEach((line, index) => {
    for (const [field, code] of Object.entries(line.problems)) {
      fields[`lines.${index}.${field}`] = { code, message: validationMessage(code) };
    }
  });
  return new AppError('VALIDATION_FAILED', { fields });
}

/** The city of a data-centre id, for texts. */
export function cityOf(location: string | null): string | null {
  return DATA_CENTERS.find((dc) => dc.id === location)?.city ?? null;
}
