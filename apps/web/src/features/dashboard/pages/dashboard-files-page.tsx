import type { FileEntry, FileListing } from '@hostpilot/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  Download,
  File as FileIcon,
  FileArchive,
  Folder,
  FolderInput,
  FolderOpen,
  FolderPlus,
  Link2,
  Pencil,
  Trash2,
  Type,
  Upload,
} from 'lucide-react';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFormActions } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { MenuButton, type MenuItem } from '@/components/ui/menu';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { cn } from '@/lib/cn';
import {
  folderQuery,
  hostingServiceQuery,
  textFileQuery,
  useDeleteFile,
  useDownloadFile,
  useExtractZip,
  useMakeFolder,
  useMoveFile,
  useSaveTextFile,
  useUploadFile,
} from '../api/file-actions';
import { Panel } from '../components/panel';
import { dashboardPaths } from '../lib/paths';
import { useDashboardFormat } from '../lib/use-dashboard-format';

/** The translation key of a file-manager failure: the refusal's own message when the API named one. */
function errorKey(error: unknown): string {
  const field = Object.values(fieldErrorsOf(error))[0];
  return field?.code ?? accountErrorKey(error);
}

const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

type Action =
  | { kind: 'folder' }
  | { kind: 'rename' | 'move' | 'delete' | 'extract'; entry: FileEntry }
  | { kind: 'edit'; path: string };

/**
 * A hosting service's files (docs/decisions/057-file-manager.md): a folder of the site's home with its path as a
 * breadcrumb, its files and folders (name, size, modified), and upload by button or by dropping files with a
 * progress bar, download, rename, move, delete with confirmation, a new folder, a text file edited in place and a
 * zip extracted where it lies.
 */
export function DashboardFilesPage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const path = search.get('path') ?? 'public_html';
  const service = useQuery(hostingServiceQuery(id));
  const folder = useQuery(folderQuery(id, path));
  const [action, setAction] = useState<Action | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const open = (next: string) => {
    setNotice(null);
    setSearch(next === 'public_html' ? {} : { path: next });
  };

  return (
    <>
      <Link
        to={dashboardPaths.hosting}
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('files.back')}
      </Link>
      <PageHeader
        title={service.data ? t('files.headingFor', { domain: service.data.domain }) : t('files.heading')}
        description={t('files.intro')}
      />
      <Breadcrumb path={path} onOpen={open} />
      {notice && (
        <Alert tone={notice.tone} className="mb-4">
          <span role="status">{notice.text}</span>
        </Alert>
      )}
      <FolderView serviceId={id} path={path} query={folder} onOpen={open} onAction={setAction} onNotice={setNotice} />
      {action && (
        <ActionDialog
          serviceId={id}
          folder={path}
          action={action}
          onClose={() => setAction(null)}
          onDone={(text) => {
            setAction(null);
            setNotice({ tone: 'success', text });
          }}
        />
      )}
    </>
  );
}

function Breadcrumb({ path, onOpen }: { path: string; onOpen: (path: string) => void }) {
  const { t } = useTranslation('dashboard');
  const parts = path ? path.split('/') : [];
  const crumbs = [
    { label: t('files.home'), path: '' },
    ...parts.map((part, i) => ({ label: part, path: parts.slice(0, i + 1).join('/') })),
  ];
  return (
    <nav aria-label={t('files.pathLabel')} className="mb-4">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, i) => (
          <li key={crumb.path} className="flex min-w-0 items-center gap-1">
            {i > 0 && (
              <span aria-hidden="true" className="text-slate-400">
                /
              </span>
            )}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="font-semibold break-all text-slate-900">
                {crumb.label}
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onOpen(crumb.path)}
                className="min-h-9 rounded px-1 font-medium break-all text-brand-700 hover:text-brand-800 hover:underline"
              >
                {crumb.label}
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function FolderView({
  serviceId,
  path,
  query,
  onOpen,
  onAction,
  onNotice,
}: {
  serviceId: string;
  path: string;
  query: UseQueryResult<FileListing>;
  onOpen: (path: string) => void;
  onAction: (action: Action) => void;
  onNotice: (notice: { tone: 'success' | 'error'; text: string } | null) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const format = useDashboardFormat();
  const upload = useUploadFile(serviceId);
  const download = useDownloadFile(serviceId);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; sent: number; total: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const progressId = useId();

  async function send(files: File[]) {
    onNotice(null);
    for (const file of files) {
      setProgress({ name: file.name, sent: 0, total: file.size });
      try {
        await upload.mutateAsync({
          file,
          path: join(path, file.name),
          onProgress: (sent, total) => setProgress({ name: file.name, sent, total }),
        });
        onNotice({ tone: 'success', text: t('files.uploaded', { name: file.name }) });
      } catch (error) {
        onNotice({ tone: 'error', text: `${file.name}: ${tc(errorKey(error))}` });
        break;
      } finally {
        setProgress(null);
      }
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void send(files);
  };

  const percent = progress ? (progress.total === 0 ? 100 : Math.round((progress.sent / progress.total) * 100)) : 0;
  const size = (bytes: number) =>
    bytes < 1024
      ? t('files.bytes', { count: bytes })
      : bytes < 1024 * 1024
        ? t('files.kb', { value: format.number(Math.round((bytes / 1024) * 10) / 10) })
        : t('files.mb', { value: format.number(Math.round((bytes / 1024 / 1024) * 10) / 10) });

  const toolbar = (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => input.current?.click()} disabled={progress !== null}>
        <Upload aria-hidden="true" className="size-4" />
        {t('files.upload')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'folder' })}>
        <FolderPlus aria-hidden="true" className="size-4" />
        {t('files.newFolder')}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onAction({ kind: 'edit', path: '' })}>
        <Type aria-hidden="true" className="size-4" />
        {t('files.newFile')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('files.upload')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void send(files);
        }}
      />
    </div>
  );

  return (
    <Panel title={t('files.listTitle')} action={toolbar}>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="file-drop"
        className={cn(
          'rounded-lg border-2 border-dashed border-transparent',
          dragging && 'border-brand-400 bg-brand-50',
        )}
      >
        <p className="mb-3 text-sm text-slate-600">{t('files.dropHint')}</p>
        {progress && (
          <div className="mb-4">
            <p id={progressId} className="mb-1 text-sm font-medium break-all text-slate-800">
              {t('files.uploading', { name: progress.name, percent })}
            </p>
            <div
              role="progressbar"
              aria-labelledby={progressId}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        <QueryView
          query={query}
          loadingLabel={t('files.loading')}
          errorTitle={t('files.loadError')}
          skeleton={<SkeletonRows rows={5} />}
        >
          {(listing) =>
            listing.entries.length === 0 ? (
              <EmptyState icon={FolderOpen} title={t('files.empty.title')} description={t('files.empty.description')} />
            ) : (
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t('files.caption', { path: listing.path || t('files.home') })}</caption>
                <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                  <tr>
                    <th scope="col" className="w-full py-2 pr-2 font-semibold sm:w-1/2">
                      {t('files.name')}
                    </th>
                    <th scope="col" className="hidden py-2 pr-2 font-semibold sm:table-cell">
                      {t('files.size')}
                    </th>
                    <th scope="col" className="hidden py-2 pr-2 font-semibold md:table-cell">
                      {t('files.modified')}
                    </th>
                    <th scope="col" className="py-2 text-right font-semibold">
                      <span className="sr-only">{t('files.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {listing.entries.map((entry) => {
                    const full = join(listing.path, entry.name);
                    const Icon =
                      entry.type === 'folder'
                        ? Folder
                        : entry.type === 'link'
                          ? Link2
                          : entry.name.toLowerCase().endsWith('.zip')
                            ? FileArchive
                            : FileIcon;
                    const items: MenuItem[] = [];
                    if (entry.type === 'file') {
                      items.push({
                        key: 'download',
                        label: t('files.download'),
                        icon: Download,
                        onSelect: () =>
                          download.mutate(full, {
                            onError: (error) => onNotice({ tone: 'error', text: tc(errorKey(error)) }),
                          }),
                      });
                      items.push({
                        key: 'edit',
                        label: t('files.edit'),
                        icon: Pencil,
                        onSelect: () => onAction({ kind: 'edit', path: full }),
                      });
                      if (entry.name.toLowerCase().endsWith('.zip')) {
                        items.push({
                          key: 'extract',
                          label: t('files.extract'),
                          icon: FileArchive,
                          onSelect: () => onAction({ kind: 'extract', entry }),
                        });
                      }
                    }
                    items.push({
                      key: 'rename',
                      label: t('files.rename'),
                      icon: Type,
                      onSelect: () => onAction({ kind: 'rename', entry }),
                    });
                    items.push({
                      key: 'move',
                      label: t('files.move'),
                      icon: FolderInput,
                      onSelect: () => onAction({ kind: 'move', entry }),
                    });
                    return (
                      <tr key={entry.name}>
                        <td className="max-w-0 py-2 pr-2">
                          <div className="flex min-w-0 items-center gap-2">
                            <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                            {entry.type === 'folder' ? (
                              <button
                                type="button"
                                onClick={() => onOpen(full)}
                                className="min-h-9 truncate rounded text-left font-medium text-brand-700 hover:underline"
                              >
                                <span className="sr-only">{t('files.openFolder')} </span>
                                {entry.name}
                              </button>
                            ) : (
                              <span className="truncate font-medium text-slate-900">{entry.name}</span>
                            )}
                          </div>
                          <p className="mt-0.5 pl-6 text-xs text-slate-500 sm:hidden">
                            {entry.type === 'folder' ? t('files.folder') : size(entry.size)} ·{' '}
                            {format.dateTime(entry.modifiedAt)}
                          </p>
                        </td>
                        <td className="hidden py-2 pr-2 whitespace-nowrap text-slate-600 tabular-nums sm:table-cell">
                          {entry.type === 'folder' ? t('files.folder') : size(entry.size)}
                        </td>
                        <td className="hidden py-2 pr-2 whitespace-nowrap text-slate-600 md:table-cell">
                          {format.dateTime(entry.modifiedAt)}
                        </td>
                        <td className="py-2 text-right">
                          <MenuButton
                            label={t('files.actions')}
                            accessibleLabel={t('files.actionsFor', { name: entry.name })}
                            items={items}
                            danger={[
                              {
                                key: 'delete',
                                label: t('files.delete'),
                                icon: Trash2,
                                onSelect: () => onAction({ kind: 'delete', entry }),
                              },
                            ]}
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )
          }
        </QueryView>
      </div>
    </Panel>
  );
}

function ActionDialog({
  serviceId,
  folder,
  action,
  onClose,
  onDone,
}: {
  serviceId: string;
  folder: string;
  action: Action;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const makeFolder = useMakeFolder(serviceId);
  const move = useMoveFile(serviceId);
  const remove = useDeleteFile(serviceId);
  const extract = useExtractZip(serviceId);
  const entryPath = 'entry' in action ? join(folder, action.entry.name) : '';
  const initial =
    action.kind === 'rename'
      ? (action as { entry: FileEntry }).entry.name
      : action.kind === 'move'
        ? entryPath
        : action.kind === 'extract'
          ? folder
          : '';
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const pending = makeFolder.isPending || move.isPending || remove.isPending || extract.isPending;

  if (action.kind === 'edit') {
    return <EditDialog serviceId={serviceId} folder={folder} path={action.path} onClose={onClose} onDone={onDone} />;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      if (action.kind === 'folder') {
        await makeFolder.mutateAsync(join(folder, value.trim()));
        onDone(t('files.done.folder', { name: value.trim() }));
      } else if (action.kind === 'rename') {
        await move.mutateAsync({ from: entryPath, to: join(folder, value.trim()) });
        onDone(t('files.done.renamed', { name: value.trim() }));
      } else if (action.kind === 'move') {
        await move.mutateAsync({ from: entryPath, to: value.trim().replace(/^\/+/, '') });
        onDone(t('files.done.moved', { name: value.trim() }));
      } else if (action.kind === 'delete') {
        await remove.mutateAsync(entryPath);
        onDone(t('files.done.deleted', { name: action.entry.name }));
      } else if (action.kind === 'extract') {
        const done = await extract.mutateAsync({ path: entryPath, into: value.trim().replace(/^\/+|\/+$/g, '') });
        onDone(t('files.done.extracted', { count: done.files }));
      }
    } catch (failure) {
      setError(tc(errorKey(failure)));
    }
  }

  const title =
    action.kind === 'folder'
      ? t('files.newFolder')
      : t(`files.dialog.${action.kind}`, { name: 'entry' in action ? action.entry.name : '' });
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      closeLabel={tc('actions.close')}
      actions={
        <DialogFormActions
          form={formId}
          cancelLabel={tc('actions.cancel')}
          onCancel={onClose}
          pending={pending}
          variant={action.kind === 'delete' ? 'danger' : 'primary'}
          submitLabel={pending ? <Spinner label={t('files.working')} /> : t(`files.submit.${action.kind}`)}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {action.kind === 'delete' ? (
          <p className="text-sm text-slate-700">
            {t(action.entry.type === 'folder' ? 'files.confirmDeleteFolder' : 'files.confirmDelete', {
              name: action.entry.name,
            })}
          </p>
        ) : (
          <TextField
            label={t(`files.field.${action.kind}`)}
            hint={action.kind === 'move' || action.kind === 'extract' ? t('files.pathHint') : undefined}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            autoFocus
            required
            error={error ?? undefined}
          />
        )}
        {action.kind === 'delete' && error && (
          <Alert tone="error">
            <span role="alert">{error}</span>
          </Alert>
        )}
      </form>
    </Dialog>
  );
}

function EditDialog({
  serviceId,
  folder,
  path,
  onClose,
  onDone,
}: {
  serviceId: string;
  folder: string;
  path: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const creating = path === '';
  const query = useQuery({ ...textFileQuery(serviceId, path), enabled: !creating });
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={creating ? t('files.newFile') : t('files.dialog.edit', { name: path.split('/').at(-1) })}
      closeLabel={tc('actions.close')}
    >
      {creating ? (
        <EditForm serviceId={serviceId} folder={folder} path="" content="" onClose={onClose} onDone={onDone} />
      ) : (
        <QueryView
          query={query}
          loadingLabel={t('files.loadingText')}
          errorTitle={t('files.textError')}
          skeleton={<SkeletonRows rows={6} />}
        >
          {(file) => (
            <EditForm
              serviceId={serviceId}
              folder={folder}
              path={file.path}
              content={file.content}
              onClose={onClose}
              onDone={onDone}
            />
          )}
        </QueryView>
      )}
      {query.isError && <p className="mt-2 text-sm text-danger-700">{tc(errorKey(query.error))}</p>}
    </Dialog>
  );
}

function EditForm({
  serviceId,
  folder,
  path,
  content,
  onClose,
  onDone,
}: {
  serviceId: string;
  folder: string;
  path: string;
  content: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const save = useSaveTextFile(serviceId);
  const [name, setName] = useState('');
  const [text, setText] = useState(content);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const textId = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const target = path || join(folder, name.trim());
    try {
      await save.mutateAsync({ path: target, content: text });
      onDone(t('files.done.saved', { name: target.split('/').at(-1) }));
    } catch (failure) {
      setError(tc(errorKey(failure)));
    }
  }
  return (
    <form id={formId} onSubmit={submit} noValidate className="space-y-4">
      {!path && (
        <TextField
          label={t('files.field.folder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
        />
      )}
      <div>
        <label htmlFor={textId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('files.content')}
        </label>
        <Textarea
          id={textId}
          rows={16}
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          className="font-mono text-sm"
        />
      </div>
      {error && (
        <Alert tone="error">
          <span role="alert">{error}</span>
        </Alert>
      )}
      <DialogFormActions
        form={formId}
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        pending={save.isPending}
        submitLabel={save.isPending ? <Spinner label={t('files.working')} /> : t('files.submit.save')}
      />
    </form>
  );
}
