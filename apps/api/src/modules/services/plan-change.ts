import {
  type ChangePlanResponse,
  findServicePlan,
  planChangeOptions,
  planChangeQuote,
  type ServicePlan,
  toCents,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/index';
import type { Database, ServiceRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { appendLedgerEntry, balanceOf, createInvoice, money, repriceOpenRenewalInvoices, toInvoice } from '../billing';
import { enqueueProvisioning } from '../provisioning';
import { assertAddonDomainsFit } from './addon-domains';
import { ownService } from './service-actions';
import { setPendingPlan, setPlan } from './service-changes.repository';

/**
 * A customer changes the plan of their own service (docs/decisions/037-plan-changes.md). An upgrade takes effect at
 * once and is paid from the balance — the prorated difference for the days left of the paid period, computed by
 * `planChangeQuote` from catalogue prices only — with the renewals' money rules (docs/decisions/022-money-transactions.md):
 * the account's lock and the Idempotency-Key (runIdempotent), a paid invoice with one line, the ledger charge, the
 * new plan, the notification, activity and audit, all in one transaction. A downgrade costs nothing now and waits
 * for the next renewal as the service's pending plan. The server stays the same: a server's capacity counts
 * services, not plans (docs/decisions/031-server-administration.md).
 */

export function planError(key: ValidationMessageKey, status: 'VALIDATION_FAILED' | 'INVALID_STATE' = 'INVALID_STATE') {
  return new AppError(status, {
    message: validationMessage(key),
    fields: { planId: { code: key, message: validationMessage(key) } },
  });
}

const planRef = (plan: ServicePlan) => ({ id: plan.id, name: plan.name });

/** The service's current plan, refusing a service that cannot change its plan now. */
function currentPlanOf(service: ServiceRow): ServicePlan {
  if (service.status !== 'active') throw planError('validation.planChangeState');
  if (service.cancelRequestedAt !== null) throw planError('validation.planChangeCancelPending');
  const plan = findServicePlan(service.kind, service.planId);
  if (!plan) throw planError('validation.planNotOffered');
  return plan;
}

export function answerOf(
  service: ServiceRow,
  extra: Pick<ChangePlanResponse, 'direction' | 'charged' | 'invoice' | 'balance'>,
): ChangePlanResponse {
  const plan = findServicePlan(service.kind, service.planId);
  const pending = service.pendingPlanId ? findServicePlan(service.kind, service.pendingPlanId) : undefined;
  return {
    ...extra,
    plan: { id: service.planId, name: plan?.name ?? service.planId },
    pendingPlan: pending ? planRef(pending) : null,
    price: money(service.priceCents, service.currency),
    expiresAt: new Date(service.expiresAt).toISOString(),
  };
}

type Idempotency = { key: string; fingerprint: string };

/** What a plan change needs. */
export interface PlanChangeDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
}

/**
 * The owner changes their service's plan, once per Idempotency-Key: an upgrade now, paid from the balance; a
 * downgrade waiting for the renewal.
 */
export async function changePlan(
  { db, kind, clock }: PlanChangeDeps,
  userId: string,
  serviceId: string,
  planId: string,
  idempotency: Idempotency,
): Promise<Answer<ChangePlanResponse>> {
  const now = clock.now();
  return runIdempotent(db, { userId, ...idempotency, now }, async (trx) => {
    const service = await ownService(trx, userId, serviceId, kind);
    const from = currentPlanOf(service);
    if (planId === service.planId) throw planError('validation.planSame');
    const to = planChangeOptions(service.kind, service.planId).find((plan) => plan.id === planId);
    if (!to) throw planError('validation.planNotOffered');
    // Before any money moves or any change is scheduled: the new plan must hold the site's domains.
    await assertAddonDomainsFit(trx, service, to.id);
    const quote = planChangeQuote({ from, to, expiresAt: service.expiresAt, now });
    const log = journal(trx, userId, userId, now);
    const params = { name: service.name, domain: service.domain ?? '', from: from.name, plan: to.name };
    const before = { planId: service.planId, pendingPlanId: service.pendingPlanId, priceCents: service.priceCents };

    if (quote.direction === 'downgrade') {
      const updated = await setPendingPlan(trx, service, to.id, now);
      await repriceOpenRenewalInvoices(trx, updated, now);
      const scheduled = { ...params, expiresAt: new Date(service.expiresAt).toISOString() };
      await log.activity({
        action: 'service.planDowngradeScheduled',
        subjectType: 'service',
        subjectId: service.id,
        params: scheduled,
      });
      await log.audit({
        action: 'service.planDowngrade',
        entityType: 'service',
        entityId: service.id,
        before,
        after: { planId: updated.planId, pendingPlanId: to.id, effectiveAt: scheduled.expiresAt },
      });
      return {
        statusCode: 200,
        body: answerOf(updated, {
          direction: 'downgrade',
          charged: money(0),
          invoice: null,
          balance: money(await balanceOf(trx, userId)),
        }),
      };
    }

    const amountCents = quote.amountCents;
    const balance = await balanceOf(trx, userId);
    if (balance < amountCents) {
      throw new AppError('INSUFFICIENT_FUNDS', { cause: { balance, priceCents: amountCents } });
    }
    const lineParams = { ...params, days: quote.remainingDays };
    const invoice = await createInvoice(trx, {
      userId,
      status: 'paid',
      now,
      lines: [
        {
          key: 'invoiceLines.planUpgrade',
          params: lineParams,
          quantity: 1,
          unitPriceCents: amountCents,
          serviceId: service.id,
        },
      ],
    });
    // A change in the last day of the period costs nothing: the invoice records it, the ledger has no zero entry.
    if (amountCents > 0) {
      await appendLedgerEntry(trx, {
        userId,
        type: 'plan_change',
        amountCents: -amountCents,
        key: 'transactions.planUpgrade',
        params: lineParams,
        invoiceId: invoice.id,
        serviceId: service.id,
        actorId: userId,
        now,
      });
    }
    const updated = await setPlan(trx, service, to.id, toCents(to.price), now);
    await enqueueProvisioning(trx, {
      resourceType: 'service',
      resourceId: service.id,
      operation: 'changePlan',
      now,
    });
    await repriceOpenRenewalInvoices(trx, updated, now);
    const done = { ...lineParams, amountMinor: amountCents, currency: invoice.currency };
    await log.notify({ type: 'success', key: 'servicePlanUpgraded', params: done });
    await log.activity({
      action: 'service.planUpgraded',
      subjectType: 'service',
      subjectId: service.id,
      params: done,
    });
    await log.audit({
      action: 'service.planUpgrade',
      entityType: 'service',
      entityId: service.id,
      before,
      after: {
        planId: to.id,
        pendingPlanId: null,
        priceCents: updated.priceCents,
        chargedCents: amountCents,
        remainingDays: quote.remainingDays,
        periodDays: quote.periodDays,
        invoiceId: invoice.id,
      },
    });
    return {
      statusCode: 200,
      body: answerOf(updated, {
        direction: 'upgrade',
        charged: money(amountCents, invoice.currency),
        invoice: toInvoice(invoice),
        balance: money(await balanceOf(trx, userId)),
      }),
    };
  });
}
