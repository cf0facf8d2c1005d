import { randomUUID } from 'node:crypto';
import { type DnsRecord, type dnsRecordInputSchema, validationMessage } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, DnsRecordRow, DomainRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { journal } from '../../lib/journal';
import { changeDomain, type DomainActionDeps, type DomainEditor, journalOf } from './domain-actions';
import {
  deleteDnsRecordRow,
  dnsRecordsOf,
  editableDomainExists,
  findDnsRecord,
  insertDnsRecord,
  recordTypesAt,
  updateDnsRecordRow,
} from './domain-edits.repository';

/**
 * The DNS records editor of a domain, the owner's or staff's (domain-actions.ts, `DomainEditor`): list, add,
 * change and delete one record. Every change is published in its transaction, and a staff change is audited with
 * the record before and after.
 */

export type DnsInput = z.output<typeof dnsRecordInputSchema>;

export function toDnsRecord(row: DnsRecordRow): DnsRecord {
  return { id: row.id, type: row.type, name: row.name, value: row.value, ttl: row.ttl, priority: row.priority };
}

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
  const others = await recordTypesAt(trx, domainId, record.name, exceptId);
  if (others.length === 0) return;
  if (record.type === 'CNAME' || others.some((o) => o.type === 'CNAME')) throw conflict();
}

/** Adds one record to a locked domain's zone, checking the CNAME rule; audited when staff add it. */
export async function insertRecord(
  trx: Kysely<Database>,
  editor: DomainEditor,
  domain: DomainRow,
  record: DnsInput,
  now: number,
): Promise<DnsRecord> {
  await assertNoCnameConflict(trx, domain.id, record);
  const row: DnsRecordRow = { id: randomUUID(), domainId: domain.id, ...record, createdAt: now, updatedAt: now };
  await insertDnsRecord(trx, row);
  await auditDns(journalOf(trx, editor, domain, now), editor, 'domain.dns.create', domain, null, toDnsRecord(row));
  return toDnsRecord(row);
}

/** The domain's records, by name, type and age; 404 for a domain the editor may not see. */
export async function listDnsRecords({ db }: Pick<DomainActionDeps, 'db'>, editor: DomainEditor, id: string) {
  if (!(await editableDomainExists(db, id, editor.kind === 'customer' ? editor.userId : null))) {
    throw new AppError('NOT_FOUND');
  }
  return (await dnsRecordsOf(db, id)).map(toDnsRecord);
}

export function addDnsRecord(
  deps: DomainActionDeps,
  editor: DomainEditor,
  id: string,
  record: DnsInput,
): Promise<DnsRecord> {
  return changeDomain(deps, editor, id, true, async (trx, domain, now) => {
    const row = await insertRecord(trx, editor, domain, record, now);
    await journalOf(trx, editor, domain, now).activity({
      action: 'dns.recordAdded',
      subjectType: 'domain',
      subjectId: id,
      params: { domain: domain.name, type: record.type, name: record.name },
    });
    return row;
  });
}

export function changeDnsRecord(
  deps: DomainActionDeps,
  editor: DomainEditor,
  id: string,
  recordId: string,
  record: DnsInput,
): Promise<DnsRecord> {
  return changeDomain(deps, editor, id, true, async (trx, domain, now) => {
    await assertNoCnameConflict(trx, id, record, recordId);
    const before = await findDnsRecord(trx, id, recordId);
    if (!before) throw new AppError('NOT_FOUND');
    const row = await updateDnsRecordRow(trx, id, recordId, { ...record, updatedAt: now });
    const log = journalOf(trx, editor, domain, now);
    await log.activity({
      action: 'dns.recordChanged',
      subjectType: 'domain',
      subjectId: id,
      params: { domain: domain.name, type: record.type, name: record.name },
    });
    await auditDns(log, editor, 'domain.dns.update', domain, toDnsRecord(before), toDnsRecord(row));
    return toDnsRecord(row);
  });
}

export function deleteDnsRecord(
  deps: DomainActionDeps,
  editor: DomainEditor,
  id: string,
  recordId: string,
): Promise<void> {
  return changeDomain(deps, editor, id, true, async (trx, domain, now) => {
    const row = await deleteDnsRecordRow(trx, id, recordId);
    if (!row) throw new AppError('NOT_FOUND');
    const log = journalOf(trx, editor, domain, now);
    await log.activity({
      action: 'dns.recordDeleted',
      subjectType: 'domain',
      subjectId: id,
      params: { domain: domain.name, type: row.type, name: row.name },
    });
    await auditDns(log, editor, 'domain.dns.delete', domain, toDnsRecord(row), null);
  });
}
