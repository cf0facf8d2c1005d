import type { OutboxMailSummary } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { adminQueries } from '../api/queries';
import { useOutbox } from '../api/use-admin-actions';
import { AdminList } from '../components/admin-list';
import { NoticeDialog } from '../components/notice-dialog';
import { RowAction } from '../components/row-action';
import { useAdminFormat } from '../lib/use-admin-format';
import { useNotice } from '../lib/use-notice';
import { type ListSpec, useListControls, useTableControls } from '../lib/use-table-controls';

/** What the outbox list takes: newest first, searched by recipient (GET /api/admin/outbox). */
export const OUTBOX_LIST = {
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: {},
} as const satisfies ListSpec;

/**
 * The outbox (docs/decisions/034-system-settings-and-mail.md): while no SMTP server is set, every mail the site
 * sends is kept on the server; the back office lists them and shows one, its HTML in a sandboxed frame that runs
 * no script and reaches nothing of the page.
 */
export function AdminOutboxPage() {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const list = useListControls(OUTBOX_LIST);
  const query = useOutbox(list.params);
  const controls = useTableControls(list, query.data);
  const { notice, show, close } = useNotice();
  const [open, setOpen] = useState<OutboxMailSummary | null>(null);

  const columns = useMemo<Column<OutboxMailSummary>[]>(
    () => [
      {
        key: 'when',
        header: t('outbox.columns.when'),
        cell: (mail) => (
          <time dateTime={mail.createdAt} className="whitespace-nowrap text-slate-700">
            {format.dateTime(mail.createdAt)}
          </time>
        ),
      },
      {
        key: 'to',
        header: t('outbox.columns.to'),
        rowHeader: true,
        cell: (mail) => <span className="break-all text-slate-900">{mail.to}</span>,
      },
      {
        key: 'subject',
        header: t('outbox.columns.subject'),
        cell: (mail) => <span className="break-words text-slate-700">{mail.subject}</span>,
      },
      {
        key: 'language',
        header: t('outbox.columns.language'),
        cell: (mail) => <span className="text-slate-700">{t(`outbox.languages.${mail.language}`)}</span>,
      },
      {
        key: 'actions',
        header: t('list.actions'),
        cell: (mail) => (
          <RowAction label={t('outbox.view')} subject={mail.subject} icon={Eye} onClick={() => setOpen(mail)} />
        ),
      },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader title={t('outbox.heading')} description={t('outbox.intro')} />
      <AdminList
        caption={t('outbox.caption')}
        items={t('outbox.items')}
        searchLabel={t('outbox.searchLabel')}
        placeholder={t('outbox.searchPlaceholder')}
        columns={columns}
        rowKey={(mail) => mail.id}
        query={query}
        controls={controls}
        filters={[]}
        sorts={[{ value: 'createdAt', label: t('outbox.sort') }]}
        onNotice={show}
      />
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open?.subject ?? ''}
        closeLabel={t('outbox.close')}
      >
        {open && <OutboxMail id={open.id} />}
      </Dialog>
      <NoticeDialog notice={notice} onClose={close} />
    </>
  );
}

/**
 * The mail's HTML for the preview frame, without its inline styles: a frame made from the page inherits the
 * page's Content-Security-Policy (`style-src 'self'`), which would refuse each of them. The text, links and
 * structure stay.
 */
function previewHtml(html: string): string {
  // Parsing it (DOMParser) would already apply the page's policy and report each style, so the text is edited:
  // the mails are the API's own templates, whose attribute values are escaped, quoted text.
  return html.replace(/\sstyle\s*=\s*("[^"]*"|'[^']*')/gi, '').replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
}

function OutboxMail({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const format = useAdminFormat();
  const mail = useQuery(adminQueries.outboxMail(id));
  return (
    <QueryView query={mail} loadingLabel={t('outbox.loading')} errorTitle={t('outbox.loadFailed')}>
      {(item) => (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="font-medium text-slate-700">{t('outbox.from')}</dt>
            <dd className="break-all text-slate-900">{item.from}</dd>
            <dt className="font-medium text-slate-700">{t('outbox.to')}</dt>
            <dd className="break-all text-slate-900">{item.to}</dd>
            <dt className="font-medium text-slate-700">{t('outbox.columns.when')}</dt>
            <dd className="text-slate-900">
              <time dateTime={item.createdAt}>{format.dateTime(item.createdAt)}</time>
            </dd>
            <dt className="font-medium text-slate-700">{t('outbox.language')}</dt>
            <dd className="text-slate-900">{t(`outbox.languages.${item.language}`)}</dd>
          </dl>
          <section aria-label={t('outbox.html')}>
            <h3 className="mb-2 font-medium text-slate-800">{t('outbox.html')}</h3>
            {/* No allow-* flags: the mail's HTML runs no script, opens nothing and cannot reach the page. */}
            <iframe
              sandbox=""
              srcDoc={previewHtml(item.html)}
              title={t('outbox.frameTitle', { subject: item.subject })}
              className="h-72 w-full rounded-lg border border-slate-200 bg-white"
            />
          </section>
          <section aria-label={t('outbox.text')}>
            <h3 className="mb-2 font-medium text-slate-800">{t('outbox.text')}</h3>
            <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-mono text-xs text-slate-800">
              {item.text}
            </pre>
          </section>
        </div>
      )}
    </QueryView>
  );
}
