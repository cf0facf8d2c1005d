import { createHash, randomInt } from 'node:crypto';
import {
  addMonths,
  type adminDomainSchema,
  AUTH_CODE_ALPHABET,
  AUTH_CODE_LENGTH,
  domainsAdminEndpoints,
  domainStates,
  type ErrorCode,
  type FieldError,
  ORDER_TLDS,
  validationMessage,
  type ValidationMessageKey,
} from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { createDomainActions, type DomainEditor } from './domain-actions';
import { displayDomainName, parseDomainQuery } from '../ordering/domain-names';
import { createLocalRegistrar, parseDsRecords, type Registrar } from '../ordering/registrar';
import { activeCustomerId } from '../accounts/customer-owner';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { fullName, iso, isoOrNull } from '../../lib/staff-list';
import { enqueueProvisioning } from '../provisioning/tasks';

const NOT_FOUND = { 404: 'NOT_FOUND: no domain (or record) has this id' } as const;

/** A refusal with the field it concerns, translated by the web from its key (docs/product/errors.md). */
function refused(code: ErrorCode, field: string, key: ValidationMessageKey): AppError {
  const fields: Record<string, FieldError> = { [field]: { code: key, message: validationMessage(key) } };
  return new AppError(code, { message: validationMessage(key), fields });
}

/** The domain row locked for the change (Postgres; SQLite runs one writer at a time); a deleted one is gone. */
function lockedDomain(trx: Kysely<Database>, id: string, kind: 'sqlite' | 'postgres') {
  const query = trx.selectFrom('domains').selectAll().where('id', '=', id).where('deletedAt', 'is', null);
  return (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The domain as the back office's list shows it. */
async function readDomain(db: Kysely<Database>, id: string): Promise<z.output<typeof adminDomainSchema>> {
  const row = await db
    .selectFrom('domains')
    .innerJoin('users', 'users.id', 'domains.userId')
    .selectAll('domains')
    .select(['users.firstName', 'users.lastName', 'users.email'])
    .select((eb) =>
      eb
        .selectFrom('dnsRecords')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('dnsRecords.domainId', '=', 'domains.id')
        .as('dnsCount'),
    )
    .where('domains.id', '=', id)
    .executeTakeFirstOrThrow();
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

/**
 * The back office's domain actions (docs/decisions/033-hosting-and-domain-administration.md, "Domains"): add a
 * domain for a customer (free of charge), edit its DNS records with the customer's own service functions, transfer
 * it out with a one-time authorisation code, and delete it after its name is typed again. Changes need
 * `domains.write` (administrators only); each writes its audit entry and the customer's notification in the
 * transaction of the change, and a refusal changes nothing.
 */
export const adminDomainRoutes: FastifyPluginAsyncZod<{ clock: Clock; registrar?: Registrar }> = async (
  app,
  { clock, registrar: given },
) => {
  const { db, kind } = app.database;
  const registrar = given ?? createLocalRegistrar(db);
  const actions = createDomainActions({ db, clock });
  const staffEditor = (request: FastifyRequest): DomainEditor => ({
    kind: 'staff',
    userId: staffOf(request).userId,
    ip: request.ip,
  });

  endpointRoute(
    app,
    domainsAdminEndpoints.postAdminDomains,
    {
      schema: {
        tags: ['admin'],
        summary: 'Register a domain for a customer, free of charge; the customer is notified',
        description:
          '`ownerEmail` names an active customer account; `name` is read as the domain search reads it (an ' +
          'ending we sell is required); `years` is one of the periods the catalogue sells (1, 2, 3, 5, 10). The ' +
          'domain is active from now, with the registry’s defaults. Needs `domains.write`; audited.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400:
            'VALIDATION_FAILED (with `fields`): `ownerEmail` validation.domainOwner or an e-mail rule; `name` ' +
            'validation.domain* (the domain search’s rules); `years` validation.period',
          409: 'DOMAIN_UNAVAILABLE (with `fields.name` validation.domainRegistered or validation.domainReserved)',
        }),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { ownerEmail, name: typed, years } = request.body;
      const parsed = parseDomainQuery(typed, ORDER_TLDS);
      if (!parsed.ok) throw refused('VALIDATION_FAILED', 'name', parsed.key);
      if (parsed.tld === null) throw refused('VALIDATION_FAILED', 'name', 'validation.domainSubdomain');
      const name = `${parsed.label}${parsed.tld}`;
      const ownerId = await activeCustomerId(db, ownerEmail);
      if (!ownerId) throw refused('VALIDATION_FAILED', 'ownerEmail', 'validation.domainOwner');
      const now = clock.now();
      const expiresAt = addMonths(now, years * 12);
      const id = await db.transaction().execute(async (trx) => {
        const answer = (await registrar.check([name], trx)).get(name);
        if (answer && !answer.available) {
          const key = answer.reason === 'reserved' ? 'validation.domainReserved' : 'validation.domainRegistered';
          throw refused('DOMAIN_UNAVAILABLE', 'name', key);
        }
        const domainId = await registrar.register(trx, { name, userId: ownerId, expiresAt, now });
        if (!domainId) throw refused('DOMAIN_UNAVAILABLE', 'name', 'validation.domainRegistered');
        await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domainId, operation: 'create', now });
        const log = journal(trx, ownerId, staff.userId, now, request.ip);
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
      return reply.code(201).send(await readDomain(db, id));
    },
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.getAdminDomainsDnsRecords,
    {
      schema: {
        tags: ['admin'],
        summary: 'A domain’s DNS records and the DNSSEC DS records the registry holds',
        response: errorResponses({ ...STAFF_ERRORS, ...NOT_FOUND }),
      },
    },
    async (request) => {
      const items = await actions.listRecords(staffEditor(request), request.params.id);
      const row = await db
        .selectFrom('domains')
        .select('dsRecords')
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      return { items, dsRecords: parseDsRecords(row?.dsRecords ?? null) ?? [] };
    },
  );

  const recordErrors = errorResponses({
    ...BODY_ERRORS,
    ...STAFF_ERRORS,
    ...NOT_FOUND,
    400: 'VALIDATION_FAILED (with `fields`): the record’s type, name, value, ttl or priority',
    409: 'DNS_CONFLICT (fields.name): a CNAME beside other records at the same name (at the apex: 400 validation.cnameApex)',
  });
  const dnsDescription =
    'The customer’s DNS editor rules (docs/product/validation.md). Needs `domains.write`; audited with the record ' +
    'before and after, and the customer’s activity records it.';

  endpointRoute(
    app,
    domainsAdminEndpoints.postAdminDomainsDnsRecords,
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a DNS record to any customer’s domain',
        description: dnsDescription,
        response: recordErrors,
      },
    },
    async (request, reply) =>
      reply.code(201).send(await actions.addRecord(staffEditor(request), request.params.id, request.body)),
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.putAdminDomainsDnsRecordsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a DNS record of any customer’s domain',
        description: dnsDescription,
        response: recordErrors,
      },
    },
    async (request) =>
      actions.updateRecord(staffEditor(request), request.params.id, request.params.recordId, request.body),
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.deleteAdminDomainsDnsRecordsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a DNS record of any customer’s domain',
        description: dnsDescription,
        response: errorResponses({ ...STAFF_ERRORS, ...NOT_FOUND }),
      },
    },
    async (request, reply) => {
      await actions.deleteRecord(staffEditor(request), request.params.id, request.params.recordId);
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.postAdminDomainsTransfer,
    {
      schema: {
        tags: ['admin'],
        summary: 'Start a transfer out: the domain becomes transferring, with an authorisation code shown once',
        description:
          'Only an active domain with its transfer lock off. The answer holds the code this one time; only its ' +
          'SHA-256 is stored and the audit entry masks it. Needs `domains.write`; audited, with a status-history ' +
          'row; the customer is notified.',
        response: errorResponses({
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          409:
            'INVALID_STATE (with `fields.transferLock` validation.domainTransferLocked, or `fields.status` ' +
            'validation.domainNotTransferable)',
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { id } = request.params;
      const now = clock.now();
      const code = newAuthCode();
      await db.transaction().execute(async (trx) => {
        const before = await lockedDomain(trx, id, kind);
        if (!before) throw new AppError('NOT_FOUND');
        if (before.status !== 'active' || !domainStates.canTransition(before.status, 'transferring')) {
          throw refused('INVALID_STATE', 'status', 'validation.domainNotTransferable');
        }
        if (before.transferLock === 1)
          throw refused('INVALID_STATE', 'transferLock', 'validation.domainTransferLocked');
        const changed = await trx
          .updateTable('domains')
          .set({ status: 'transferring', transferCodeHash: hashAuthCode(code), autoRenew: 0, updatedAt: now })
          .where('id', '=', id)
          .where('status', '=', 'active')
          .where('transferLock', '=', 0)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) !== 1) {
          throw refused('INVALID_STATE', 'status', 'validation.domainNotTransferable');
        }
        const log = journal(trx, before.userId, staff.userId, now, request.ip);
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
      return { domain: await readDomain(db, id), authCode: code };
    },
  );

  endpointRoute(
    app,
    domainsAdminEndpoints.deleteAdminDomainsItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a domain and its DNS records after its name is typed again; the customer is notified',
        description:
          '`confirm` must equal the domain’s name (as stored or as read, in any case). The DNS records go; the ' +
          'domain row goes too unless invoices, ledger entries or orders name it, in which case it is marked ' +
          'deleted and hidden, so accounting keeps its reference. Needs `domains.write`; audited.',
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          ...NOT_FOUND,
          400: 'VALIDATION_FAILED (with `fields.confirm` validation.confirmDomainName): the typed name differs',
        }),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { id } = request.params;
      const { confirm } = request.body;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await lockedDomain(trx, id, kind);
        if (!before) throw new AppError('NOT_FOUND');
        const typed = confirm.toLowerCase();
        if (typed !== before.name && typed !== displayDomainName(before.name).toLowerCase()) {
          throw refused('VALIDATION_FAILED', 'confirm', 'validation.confirmDomainName');
        }
        const count = (table: 'invoiceLines' | 'ledgerEntries' | 'orderLines') =>
          trx
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('domainId', '=', id)
            .executeTakeFirstOrThrow()
            .then((row) => Number(row.n));
        const referenced =
          (await count('invoiceLines')) + (await count('ledgerEntries')) + (await count('orderLines')) > 0;
        // The zone is deleted by the DNS driver; the task keeps the name, as the row may be gone when it runs.
        await enqueueProvisioning(trx, {
          resourceType: 'domain',
          resourceId: id,
          operation: 'terminate',
          now,
          keepName: before.name,
        });
        const records = await trx.deleteFrom('dnsRecords').where('domainId', '=', id).returningAll().execute();
        if (referenced) {
          await trx
            .updateTable('domains')
            .set({ deletedAt: now, autoRenew: 0, transferCodeHash: null, updatedAt: now })
            .where('id', '=', id)
            .execute();
        } else {
          await trx.deleteFrom('domains').where('id', '=', id).execute();
        }
        const log = journal(trx, before.userId, staff.userId, now, request.ip);
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
      return reply.code(204).send(null);
    },
  );
};
