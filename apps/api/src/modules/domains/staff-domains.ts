import { createHash, randomInt } from 'node:crypto';
import {
  addMonths,
  type adminDomainCreateSchema,
  type adminDomainSchema,
  type adminDomainTransferResultSchema,
  AUTH_CODE_ALPHABET,
  AUTH_CODE_LENGTH,
  domainStates,
  type ErrorCode,
  type FieldError,
  ORDER_TLDS,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { fullName, iso, isoOrNull } from '../../lib/staff-list';
import { activeCustomerId } from '../accounts';
import { billingNamesDomain } from '../billing';
import { ordersNameDomain } from '../ordering';
import { displayDomainName, parseDomainQuery } from './domain-names';
import { parseDsRecords, type Registrar } from './registrar';
import { enqueueProvisioning } from '../provisioning';
import type { DomainEditor } from './domain-actions';
import { listDnsRecords } from './dns-records';
import {
  deleteDnsRecordsOf,
  deleteDomainRow,
  domainDsRecords,
  domainIdExists,
  findAdminDomainRow,
  hideDeletedDomain,
  lockedDomain,
  markTransferring,
} from './domains.repository';

/**
 * The back office's domain actions (docs/decisions/033-hosting-and-domain-administration.md, "Domains"): add a
 * domain for a customer (free of charge), read its DNS records with the customer's own service functions, transfer
 * it out with a one-time authorisation code, and delete it after its name is typed again. Each change writes its
 * audit entry and the customer's notification in the transaction of the change, and a refusal changes nothing.
 */

/** What a change needs: the database, the clock and the staff member who makes it, from where. */
export interface StaffDomainContext {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  staffId: string;
  ip: string;
}

type AdminDomain = z.output<typeof adminDomainSchema>;

/** A refusal with the field it concerns, translated by the web from its key (docs/product/errors.md). */
function refused(code: ErrorCode, field: string, key: ValidationMessageKey): AppError {
  const fields: Record<string, FieldError> = { [field]: { code: key, message: validationMessage(key) } };
  return new AppError(code, { message: validationMessage(key), fields });
}

/** The domain as the back office's list shows it. */
async function adminDomain(db: Kysely<Database>, id: string): Promise<AdminDomain> {
  const row = await findAdminDomainRow(db, id);
  return {
    id: row.id,
    name: row.name,
    tld: row.tld,
    status: row.status,
    owner: { id: row.userId, name: fullName(row.firstName, row.lastName), email: row.email },
    registeredAt: iso(row.registeredAt),
    expiresAt: iso(row.expiresAt),
    autoRenew: row.autoRenew === 1,
    transferLock: row.transferLock === 1,
    nameservers: JSON.parse(row.nameservers) as string[],
    dns: { records: Number(row.dnsCount ?? 0), updatedAt: isoOrNull(row.dnsUpdatedAt) },
  };
}

/** A random authorisation code from unambiguous characters (crypto's uniform randomInt). */
export function newAuthCode(): string {
  let code = '';
  for (let i = 0; i < AUTH_CODE_LENGTH; i += 1) code += AUTH_CODE_ALPHABET[randomInt(AUTH_CODE_ALPHABET.length)];
  return code;
}

export const hashAuthCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Whether a domain has this id, deleted or not (the status history's 404). */
export const domainExists = (db: Kysely<Database>, id: string): Promise<boolean> => domainIdExists(db, id);

/**
 * Registers a domain for an active customer, free of charge, active from now with the registry's defaults; the
 * name is read as the domain search reads it (an ending we sell is required).
 */
export async function registerDomainForCustomer(
  ctx: StaffDomainContext & { registrar: Registrar },
  input: z.output<typeof adminDomainCreateSchema>,
): Promise<AdminDomain> {
  const { ownerEmail, name: typed, years } = input;
  const parsed = parseDomainQuery(typed, ORDER_TLDS);
  if (!parsed.ok) throw refused('VALIDATION_FAILED', 'name', parsed.key);
  if (parsed.tld === null) throw refused('VALIDATION_FAILED', 'name', 'validation.domainSubdomain');
  const name = `${parsed.label}${parsed.tld}`;
  const ownerId = await activeCustomerId(ctx.db, ownerEmail);
  if (!ownerId) throw refused('VALIDATION_FAILED', 'ownerEmail', 'validation.domainOwner');
  const now = ctx.clock.now();
  const expiresAt = addMonths(now, years * 12);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const answer = (await ctx.registrar.check([name], trx)).get(name);
    if (answer && !answer.available) {
      const key = answer.reason === 'reserved' ? 'validation.domainReserved' : 'validation.domainRegistered';
      throw refused('DOMAIN_UNAVAILABLE', 'name', key);
    }
    const domainId = await ctx.registrar.register(trx, { name, userId: ownerId, expiresAt, now });
    if (!domainId) throw refused('DOMAIN_UNAVAILABLE', 'name', 'validation.domainRegistered');
    await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domainId, operation: 'create', now });
    const log = journal(trx, ownerId, ctx.staffId, now, ctx.ip);
    await log.statusChange({ entityType: 'domain', entityId: domainId, from: null, to: 'active' });
    await log.activity({
      action: 'domain.registered',
      subjectType: 'domain',
      subjectId: domainId,
      params: { domain: displayDomainName(name) },
    });
    await log.audit({
      action: 'domain.create',
      entityType: 'domain',
      entityId: domainId,
      after: { name, ownerId: ownerId, years, status: 'active', expiresAt: iso(expiresAt), charged: false },
    });
    await log.notify({
      type: 'success',
      key: 'domainAddedByStaff',
      params: { domain: displayDomainName(name) },
    });
    return domainId;
  });
  return adminDomain(ctx.db, id);
}

/** A domain's DNS records, read with the customer's own service functions, and the DS records the registry holds. */
export async function staffDnsRecords(db: Kysely<Database>, editor: DomainEditor, id: string) {
  const items = await listDnsRecords({ db }, editor, id);
  const row = await domainDsRecords(db, id);
  return { items, dsRecords: parseDsRecords(row?.dsRecords ?? null) ?? [] };
}

/**
 * Starts a transfer out of an active domain with its transfer lock off: it becomes transferring, auto-renew stops,
 * and the authorisation code is answered this one time; only its SHA-256 is stored and the audit entry masks it.
 */
export async function transferDomainOut(
  ctx: StaffDomainContext,
  id: string,
): Promise<z.output<typeof adminDomainTransferResultSchema>> {
  const now = ctx.clock.now();
  const code = newAuthCode();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedDomain(trx, id, ctx.kind);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.status !== 'active' || !domainStates.canTransition(before.status, 'transferring')) {
      throw refused('INVALID_STATE', 'status', 'validation.domainNotTransferable');
    }
    if (before.transferLock === 1) throw refused('INVALID_STATE', 'transferLock', 'validation.domainTransferLocked');
    if (!(await markTransferring(trx, id, { transferCodeHash: hashAuthCode(code), now }))) {
      throw refused('INVALID_STATE', 'status', 'validation.domainNotTransferable');
    }
    const log = journal(trx, before.userId, ctx.staffId, now, ctx.ip);
    await log.statusChange({ entityType: 'domain', entityId: id, from: 'active', to: 'transferring' });
    await log.audit({
      action: 'domain.transfer',
      entityType: 'domain',
      entityId: id,
      before: { status: before.status, autoRenew: before.autoRenew === 1 },
      after: { status: 'transferring', autoRenew: false, authCode: '***' },
    });
    await log.notify({
      type: 'warning',
      key: 'domainTransferOut',
      params: { domain: displayDomainName(before.name) },
    });
  });
  return { domain: await adminDomain(ctx.db, id), authCode: code };
}

/**
 * Deletes a domain and its DNS records once its name is typed again (as stored or as read, in any case). The row
 * goes too unless invoices, ledger entries or orders name it; then it is marked deleted and hidden, so accounting
 * keeps its reference. The DNS driver deletes the zone.
 */
export async function deleteDomain(ctx: StaffDomainContext, id: string, confirm: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedDomain(trx, id, ctx.kind);
    if (!before) throw new AppError('NOT_FOUND');
    const typed = confirm.toLowerCase();
    if (typed !== before.name && typed !== displayDomainName(before.name).toLowerCase()) {
      throw refused('VALIDATION_FAILED', 'confirm', 'validation.confirmDomainName');
    }
    const referenced = (await billingNamesDomain(trx, id)) || (await ordersNameDomain(trx, id));
    // The zone is deleted by the DNS driver; the task keeps the name, as the row may be gone when it runs.
    await enqueueProvisioning(trx, {
      resourceType: 'domain',
      resourceId: id,
      operation: 'terminate',
      now,
      keepName: before.name,
    });
    const records = await deleteDnsRecordsOf(trx, id);
    if (referenced) await hideDeletedDomain(trx, id, now);
    else await deleteDomainRow(trx, id);
    const log = journal(trx, before.userId, ctx.staffId, now, ctx.ip);
    await log.audit({
      action: 'domain.delete',
      entityType: 'domain',
      entityId: id,
      before: {
        name: before.name,
        ownerId: before.userId,
        status: before.status,
        expiresAt: iso(before.expiresAt),
        dnsRecords: records.length,
      },
      after: { removed: !referenced, keptForAccounting: referenced },
    });
    await log.notify({
      type: 'error',
      key: 'domainDeletedByStaff',
      params: { domain: displayDomainName(before.name) },
    });
  });
}
