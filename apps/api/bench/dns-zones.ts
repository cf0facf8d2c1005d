// The zones and edits of npm run bench:dns (bench/dns.ts), shared by its driver run and its engine run.
import type { ZoneRecord } from '../src/modules/provisioning/drivers/powerdns/zone';

export const zoneName = (i: number) => `bench-${i}.example`;

/** The zone's records before the edits: an apex address, www, mail and a few named hosts. */
export function initialRecords(): ZoneRecord[] {
  const records: ZoneRecord[] = [
    { type: 'A', name: '@', content: '192.0.2.1', ttl: 300 },
    { type: 'CNAME', name: 'www', content: 'example.net', ttl: 300 },
    { type: 'MX', name: '@', content: 'mail.example.net', ttl: 3600, priority: 10 },
  ];
  for (let h = 0; h < 7; h++) records.push({ type: 'A', name: `host${h}`, content: `198.51.100.${h + 1}`, ttl: 300 });
  return records;
}

export type Edit =
  | { kind: 'add'; record: ZoneRecord }
  | { kind: 'change'; index: number; content: string }
  | { kind: 'delete'; index: number };

/** Edit `e` of a zone: adds a TXT record, changes a host's address, or deletes a record (www, the MX, hosts). */
export function editOf(zone: number, e: number): Edit {
  if (e % 3 === 0) {
    return { kind: 'add', record: { type: 'TXT', name: `note${e}`, content: `edit ${e} of zone ${zone}`, ttl: 300 } };
  }
  if (e % 3 === 1) return { kind: 'change', index: 3 + (e % 7), content: `203.0.113.${(e % 250) + 1}` };
  return { kind: 'delete', index: 1 };
}

/** Applies an edit to a list of records (each possibly carrying more, such as its row id). */
export function applyEdit<T extends { record: ZoneRecord }>(list: T[], edit: Edit, added: (record: ZoneRecord) => T) {
  if (edit.kind === 'add') list.push(added(edit.record));
  else if (edit.kind === 'change') list[edit.index]!.record.content = edit.content;
  else list.splice(edit.index, 1);
}

/** The same zone after `edits` edits. */
export function editedRecords(zone: number, edits: number): ZoneRecord[] {
  const list = initialRecords().map((record) => ({ record }));
  for (let e = 0; e < edits; e++) applyEdit(list, editOf(zone, e), (record) => ({ record }));
  return list.map((item) => item.record);
}
