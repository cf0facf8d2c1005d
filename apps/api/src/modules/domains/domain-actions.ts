import { randomUUID } from 'node:crypto';
import {
  type ActivityAction,
  type DnsImportResult,
  type DnsRecord,
  type dnsRecordInputSchema,
  type DomainState,
  type FieldError,
  parseZoneFile,
  validationMessage,
  zoneProblemField,
} from '@hostpilot/shared';
import type { Kysely, Updateable } from 'kysely';
import { type z } from 'zod';
import type { Database, DnsRecordRow, DomainRow, DomainsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { enqueueProvisioning } from '../provisioning';

/**
 * A customer's actions on their own domains (docs/product/validation.md): auto-renew, transfer lock,
 * nameservers and the DNS records editor. Each write runs in one transaction that first touches the domain's
 * row (its `updated_at`), which locks it, so two edits of one zone cannot both pass the CNAME rule; another
 * account's domain or record answers 404.
 */

type DnsInput = z.output<typeof dnsRecordInputSchema>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function toDnsRecord(row: DnsRecordRow): DnsRecord {
  return { id: row.id, type: row.type, name: row.name, value: row.value, ttl: row.ttl, priority: row.priority };
}

async function recordCount(trx: Kysely<Database>, domainId: string): Promise<number> {
  const row = await trx
    .selectFrom('dnsRecords')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domainId', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function toDomainState(trx: Kysely<Database>, row: DomainRow): Promise<DomainState> {
  return {
    id: row.id,
    status: row.status,
    autoRenew: row.autoRenew === 1,
    transferLock: row.transferLock === 1,
    nameservers: JSON.parse(row.nameservers) as string[],
    expiresAt: iso(row.expiresAt)!,
    dnsRecordCount: await recordCount(trx, row.id),
    dnsUpdatedAt: iso(row.dnsUpdatedAt),
  };
}

/**
 * Who edits a domain: its owner (only their own domains), or staff with `domains.write` (any owner's domain;
 * each change also writes an audit entry with the values before and after, docs/decisions/033-hosting-and-domain-administration.md).
 */
export type DomainEditor = { kind: 'customer'; userId: string } | { kind: 'staff'; userId: string; ip: string | null };

/** Locks and returns the domain the editor may change (not a deleted one), or 404. */
async function lockDomain(
  trx: Kysely<Database>,
  editor: DomainEditor,
  id: string,
  now: number,
  dnsChange = false,
): Promise<DomainRow> {
  let query = trx
    .updateTable('domains')
    .set(dnsChange ? { updatedAt: now, dnsUpdatedAt: now } : { updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null);
  if (editor.kind === 'customer') query = query.where('userId', '=', editor.userId);
  const row = await query.returningAll().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The journal of the domain owner's account, written by the editor (with the client address for staff). */
const journalOf = (trx: Kysely<Database>, editor: DomainEditor, domain: DomainRow, now: number) =>
  journal(trx, domain.userId, editor.userId, now, editor.kind === 'staff' ? editor.ip : null);

/** A staff change of a record is audited with the record before and after; a customer's is not. */
async function auditDns(
  log: ReturnType<typeof journal>,
  editor: DomainEditor,
  action: 'domain.dns.create' | 'domain.dns.update' | 'domain.dns.delete',
  domain: DomainRow,
  before: DnsRecord | null,
  after: DnsRecord | null,
) {
  if (editor.kind !== 'staff') return;
  await log.audit({
    action,
    entityType: 'domain',
    entityId: domain.id,
    before: before ? { domain: domain.name, record: before } : undefined,
    after: after ? { domain: domain.name, record: after } : undefined,
  });
}

function conflict(): AppError {
  const code = 'validation.cnameConflict';
  return new AppError('DNS_CONFLICT', { fields: { name: { code, message: validationMessage(code) } } });
}

/** A CNAME stands alone at its name: none beside other records, no other record beside a CNAME. */
async function assertNoCnameConflict(trx: Kysely<Database>, domainId: string, record: DnsInput, exceptId?: string) {
  let query = trx
    .selectFrom('dnsRecords')
    .select(['type'])
    .where('domainId', '=', domainId)
    .where('name', '=', record.name);
  if (exceptId) query = query.where('id', '<>', exceptId);
  const others = await query.execute();
  if (others.length === 0) return;
  if (record.type === 'CNAME' || others.some((o) => o.type === 'CNAME')) throw conflict();
}

/** Adds one record to a locked domain's zone, checking the CNAME rule; audited when staff add it. */
async function insertRecord(
  trx: Kysely<Database>,
  editor: DomainEditor,
  domain: DomainRow,
  record: DnsInput,
  now: number,
): Promise<DnsRecord> {
  await assertNoCnameConflict(trx, domain.id, record);
  const row: DnsRecordRow = { id: randomUUID(), domainId: domain.id, ...record, createdAt: now, updatedAt: now };
  await trx.insertInto('dnsRecords').values(row).execute();
  await auditDns(journalOf(trx, editor, domain, now), editor, 'domain.dns.create', domain, null, toDnsRecord(row));
  return toDnsRecord(row);
}

export function createDomainActions({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const change = async <T>(
    editor: DomainEditor | string,
    id: string,
    dnsChange: boolean,
    work: (trx: Kysely<Database>, domain: DomainRow, now: number) => Promise<T>,
  ): Promise<T> => {
    const now = clock.now();
    const who: DomainEditor = typeof editor === 'string' ? { kind: 'customer', userId: editor } : editor;
    return db.transaction().execute(async (trx) => {
      const domain = await lockDomain(trx, who, id, now, dnsChange);
      // Every DNS edit, the customer's or staff's, is published through the outbox in this same transaction
      // (docs/decisions/042-provisioning-engine.md).
      if (dnsChange)
        await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: id, operation: 'update', now });
      return work(trx, domain, now);
    });
  };

  /** One setting of the domain changed, and the account's activity records it, in the same transaction. */
  const setting = (
    userId: string,
    id: string,
    values: Updateable<DomainsTable>,
    action: ActivityAction,
    params: (domain: DomainRow) => Record<string, string>,
    check?: (domain: DomainRow) => void,
  ) =>
    change(userId, id, false, async (trx, domain, now) => {
      check?.(domain);
      const row = await trx
        .updateTable('domains')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await journal(trx, userId, userId, now).activity({
        action,
        subjectType: 'domain',
        subjectId: id,
        params: params(domain),
      });
      return toDomainState(trx, row);
    });

  return {
    setAutoRenew: (userId: string, id: string, enabled: boolean) =>
      setting(
        userId,
        id,
        { autoRenew: enabled ? 1 : 0 },
        enabled ? 'domain.autoRenewOn' : 'domain.autoRenewOff',
        (domain) => ({ domain: domain.name }),
      ),

    setTransferLock: (userId: string, id: string, locked: boolean) =>
      setting(
        userId,
        id,
        { transferLock: locked ? 1 : 0 },
        locked ? 'domain.transferLocked' : 'domain.transferUnlocked',
        (domain) => ({ domain: domain.name }),
        (domain) => {
          if (domain.status === 'transferring')
            throw new AppError('INVALID_STATE', { message: 'A transfer is in progress' });
        },
      ),

    setNameservers: (userId: string, id: string, nameservers: string[]) =>
      setting(userId, id, { nameservers: JSON.stringify(nameservers) }, 'domain.nameserversChanged', (domain) => ({
        domain: domain.name,
        nameservers: nameservers.join(', '),
      })),

    async listRecords(editor: DomainEditor, id: string): Promise<DnsRecord[]> {
      let query = db.selectFrom('domains').select('id').where('id', '=', id).where('deletedAt', 'is', null);
      if (editor.kind === 'customer') query = query.where('userId', '=', editor.userId);
      if (!(await query.executeTakeFirst())) throw new AppError('NOT_FOUND');
      const rows = await db
        .selectFrom('dnsRecords')
        .selectAll()
        .where('domainId', '=', id)
        .orderBy('name')
        .orderBy('type')
        .orderBy('createdAt')
        .execute();
      return rows.map(toDnsRecord);
    },

    addRecord: (editor: DomainEditor, id: string, record: DnsInput) =>
      change(editor, id, true, async (trx, domain, now) => {
        const row = await insertRecord(trx, editor, domain, record, now);
        await journalOf(trx, editor, domain, now).activity({
          action: 'dns.recordAdded',
          subjectType: 'domain',
          subjectId: id,
          params: { domain: domain.name, type: record.type, name: record.name },
        });
        return row;
      }),

    /**
     * Imports a pasted BIND zone file (docs/decisions/046-dns-on-powerdns.md): every line is checked with the
     * editor's rules and against the zone's records, then all its records are added in this one transaction,
     * each as the editor adds one; a record already in the zone is not added twice. Any problem writes nothing
     * and answers 400 with a field per line (`lines.<n>.<field>`).
     */
    importZone: (editor: DomainEditor, id: string, source: string): Promise<DnsImportResult> =>
      change(editor, id, true, async (trx, domain, now) => {
        const existing = await trx
          .selectFrom('dnsRecords')
          .select(['type', 'name', 'value', 'priority'])
          .where('domainId', '=', id)
          .execute();
        const parsed = parseZoneFile(source, domain.name, existing);
        if (parsed.problems.length > 0) {
          const fields: Record<string, FieldError> = {};
          for (const problem of parsed.problems) {
            fields[zoneProblemField(problem)] ??= { code: problem.code, message: validationMessage(problem.code) };
          }
          throw new AppError('VALIDATION_FAILED', { fields });
        }
        const added: DnsRecord[] = [];
        for (const record of parsed.records) added.push(await insertRecord(trx, editor, domain, record, now));
        await journalOf(trx, editor, domain, now).activity({
          action: 'dns.zoneImported',
          subjectType: 'domain',
          subjectId: id,
          params: { domain: domain.name, count: added.length },
        });
        return { added, unchanged: parsed.unchanged, skipped: parsed.skipped };
      }),

    updateRecord: (editor: DomainEditor, id: string, recordId: string, record: DnsInput) =>
      change(editor, id, true, async (trx, domain, now) => {
        await assertNoCnameConflict(trx, id, record, recordId);
        const before = await trx
          .selectFrom('dnsRecords')
          .selectAll()
          .where('id', '=', recordId)
          .where('domainId', '=', id)
          .executeTakeFirst();
        if (!before) throw new AppError('NOT_FOUND');
        const row = await trx
          .updateTable('dnsRecords')
          .set({ ...record, updatedAt: now })
          .where('id', '=', recordId)
          .where('domainId', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const log = journalOf(trx, editor, domain, now);
        await log.activity({
          action: 'dns.recordChanged',
          subjectType: 'domain',
          subjectId: id,
          params: { domain: domain.name, type: record.type, name: record.name },
        });
        await auditDns(log, editor, 'domain.dns.update', domain, toDnsRecord(before), toDnsRecord(row));
        return toDnsRecord(row);
      }),

    deleteRecord: (editor: DomainEditor, id: string, recordId: string) =>
      change(editor, id, true, async (trx, domain, now) => {
        const row = await trx
          .deleteFrom('dnsRecords')
          .where('id', '=', recordId)
          .where('domainId', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw new AppError('NOT_FOUND');
        const log = journalOf(trx, editor, domain, now);
        await log.activity({
          action: 'dns.recordDeleted',
          subjectType: 'domain',
          subjectId: id,
          params: { domain: domain.name, type: row.type, name: row.name },
        });
        await auditDns(log, editor, 'domain.dns.delete', domain, toDnsRecord(row), null);
      }),
  };
}
