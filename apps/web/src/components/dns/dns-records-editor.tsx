import type { DnsRecord } from '@hostpilot/shared';
import { FileUp, Network, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { StatusBadge } from '@/components/ui/status-badge';
import { accountErrorKey } from '@/lib/account-errors';
import { dnsRecordsApi } from '@/lib/dns-records';
import { DnsRecordForm, type RecordInput } from './dns-record-form';
import { ZoneImportForm } from './zone-import-form';

type Editing = { kind: 'add' } | { kind: 'edit'; record: DnsRecord } | { kind: 'import' } | null;

/** A record as the editor shows it: with `published` (the customer's own domain) it shows whether it is answered. */
type EditorRecord = DnsRecord & { published?: boolean };

/**
 * The domain's DNS records: add, edit and delete (after a confirmation), each saved at once. One editor for the
 * customer's dashboard (their own domain) and the back office (any customer's domain, docs/decisions/033-hosting-and-domain-administration.md):
 * each gives the endpoint of the records, what to refresh after a change, and the frame around the editor (its
 * title and the Add button, then the records). With `importPath` (the customer's own domain) it also imports a
 * pasted zone file (docs/decisions/046-dns-on-powerdns.md). Records that carry `published` show "Published" or
 * "Publishing…" (docs/decisions/046-dns-on-powerdns.md).
 */
export function DnsRecordsEditor({
  domainName,
  records,
  recordsPath,
  importPath,
  onChanged,
  frame,
}: {
  domainName: string;
  records: EditorRecord[];
  /** Where the records are added (POST), changed (PUT …/:id) and deleted (DELETE …/:id). */
  recordsPath: string;
  /** Where a zone file is imported (POST); no import without it. */
  importPath?: string;
  /** Refreshes what shows the records after a change. */
  onChanged: () => Promise<unknown>;
  /** Puts the title and the Add button (`add`) around the records (`body`). */
  frame: (parts: { title: string; add: ReactNode; body: ReactNode }) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<DnsRecord | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const calls = dnsRecordsApi(recordsPath);
  const refresh = onChanged;
  const label = (record: Pick<DnsRecord, 'type' | 'name'>) => `${record.type} ${record.name}`;

  const importZone = async (zone: string) => {
    const result = await calls.importZone(importPath!, zone);
    setEditing(null);
    setDone(t('domainDetail.dns.import.done', { count: result.added.length }));
    await refresh();
    return result;
  };

  const save = async (input: RecordInput) => {
    if (editing?.kind === 'edit') {
      await calls.change(editing.record.id, input);
      setDone(t('domainDetail.dns.changed', { record: label(input) }));
    } else {
      await calls.add(input);
      setDone(t('domainDetail.dns.added', { record: label(input) }));
    }
    setEditing(null);
    await refresh();
  };

  const remove = async (record: DnsRecord) => {
    setDeletePending(true);
    setDeleteFailure(null);
    try {
      await calls.remove(record.id);
      setDeleting(null);
      setDone(t('domainDetail.dns.deleted', { record: label(record) }));
      await refresh();
    } catch (error) {
      setDeleteFailure(accountErrorKey(error));
    } finally {
      setDeletePending(false);
    }
  };

  const showsPublishing = records.some((record) => record.published !== undefined);
  const columns: Column<EditorRecord>[] = [
    {
      key: 'name',
      header: t('domainDetail.dns.name'),
      rowHeader: true,
      cell: (record) => <span className="break-all font-mono text-sm">{record.name}</span>,
    },
    {
      key: 'type',
      header: t('domainDetail.dns.type'),
      cell: (record) => <span className="font-semibold">{record.type}</span>,
    },
    {
      key: 'value',
      header: t('domainDetail.dns.value'),
      className: 'min-w-48',
      cell: (record) => (
        <span className="break-all font-mono text-sm">
          {record.priority !== null && <span className="mr-2 text-slate-500">{record.priority}</span>}
          {record.value}
        </span>
      ),
    },
    { key: 'ttl', header: t('domainDetail.dns.ttl'), cell: (record) => record.ttl },
    ...(showsPublishing
      ? [
          {
            key: 'published',
            header: t('domainDetail.dns.publishState'),
            cell: (record: EditorRecord) =>
              record.published ? (
                <StatusBadge tone="success" label={t('domainDetail.dns.published')} />
              ) : (
                <StatusBadge tone="warning" label={t('domainDetail.dns.publishing')} />
              ),
          },
        ]
      : []),
    {
      key: 'actions',
      header: t('domainDetail.dns.actions'),
      cell: (record) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing({ kind: 'edit', record })}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('domainDetail.dns.edit')} <span className="sr-only">{label(record)}</span>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setDeleteFailure(null);
              setDeleting(record);
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {t('domainDetail.dns.delete')} <span className="sr-only">{label(record)}</span>
          </Button>
        </div>
      ),
    },
  ];

  const addButton = (
    <Button size="sm" onClick={() => setEditing({ kind: 'add' })}>
      <Plus aria-hidden="true" className="size-4" />
      {t('domainDetail.dns.addRecord')}
    </Button>
  );
  const add = importPath ? (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'import' })}>
        <FileUp aria-hidden="true" className="size-4" />
        {t('domainDetail.dns.import.open')}
      </Button>
      {addButton}
    </div>
  ) : (
    addButton
  );

  const body = (
    <>
      <p role="status" className="mb-4 text-sm text-success-800 empty:hidden">
        {done}
      </p>
      {records.length === 0 ? (
        <EmptyState
          icon={Network}
          title={t('domainDetail.dns.empty.title')}
          description={t('domainDetail.dns.empty.description')}
        />
      ) : (
        <DataTable
          caption={t('domainDetail.dns.caption', { domain: domainName })}
          captionHidden
          stacked
          columns={columns}
          rows={records}
          rowKey={(record) => record.id}
        />
      )}
    </>
  );

  return (
    <>
      {frame({ title: t('domainDetail.dns.title'), add, body })}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.kind === 'edit'
            ? t('domainDetail.dns.editTitle', { record: label(editing.record) })
            : editing?.kind === 'import'
              ? t('domainDetail.dns.import.title')
              : t('domainDetail.dns.addTitle')
        }
        closeLabel={t('domainDetail.close')}
      >
        {editing?.kind === 'import' && (
          <ZoneImportForm
            domainName={domainName}
            records={records}
            onImport={importZone}
            onCancel={() => setEditing(null)}
          />
        )}
        {editing && editing.kind !== 'import' && (
          <DnsRecordForm
            key={editing.kind === 'edit' ? editing.record.id : 'new'}
            record={editing.kind === 'edit' ? editing.record : undefined}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('domainDetail.dns.deleteTitle')}
        closeLabel={t('domainDetail.close')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('domainDetail.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={deletePending}
              aria-busy={deletePending}
              onClick={() => deleting && void remove(deleting)}
            >
              {deletePending ? t('domainDetail.deleting') : t('domainDetail.dns.confirmDelete')}
            </Button>
          </>
        }
      >
        {deleting && (
          <>
            <p>
              {t('domainDetail.dns.deleteBody', { record: label(deleting), value: deleting.value, domain: domainName })}
            </p>
            {deleteFailure && (
              <Alert tone="error" title={t('domainDetail.dns.deleteFailed')} className="mt-4">
                {tc(deleteFailure)}
              </Alert>
            )}
          </>
        )}
      </Dialog>
    </>
  );
}
