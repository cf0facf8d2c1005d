import { DATABASE_SUFFIX_MAX, DATABASE_SUFFIX_PATTERN, type DatabaseCredentials } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Copy, Database, KeyRound, Plus, Server, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions, DialogFormActions } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { QueryView } from '@/components/ui/query-view';
import { SkeletonRows } from '@/components/ui/skeleton';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { ApiError } from '@/lib/http';
import {
  hostingDatabasesQuery,
  hostingServiceQuery,
  notReady,
  useCreateDatabase,
  useDeleteDatabase,
  useResetDatabasePassword,
} from '../api/hosting-panel';
import type { HostingService } from '../api/types';
import { Panel } from '../components/panel';
import { dashboardPaths } from '../lib/paths';

/**
 * A hosting site's MariaDB databases (docs/decisions/055-web-node-agent.md): the list with each database's user,
 * create within the plan's limit, reset a password, delete after confirming, and how to connect. A password is
 * shown once, right after it was made, and kept nowhere.
 */
export function DashboardDatabasesPage() {
  const { t } = useTranslation('dashboard');
  const { id = '' } = useParams();
  const service = useQuery(hostingServiceQuery(id));
  const missing = service.error instanceof ApiError && service.error.status === 404;

  return (
    <>
      <Link
        to={dashboardPaths.panel(id)}
        className="mb-4 inline-flex min-h-9 items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('databases.back')}
      </Link>
      {missing ? (
        <EmptyState icon={Server} title={t('panel.missing.title')} description={t('panel.missing.description')} />
      ) : (
        <QueryView
          query={service}
          loadingLabel={t('panel.loading')}
          errorTitle={t('panel.loadError')}
          skeleton={<SkeletonRows rows={5} />}
        >
          {(hosting) => (
            <>
              <PageHeader
                title={t('databases.heading')}
                description={t('databases.intro', { domain: hosting.domain })}
              />
              {hosting.status === 'active' ? (
                <Databases service={hosting} />
              ) : (
                <Alert tone="info">{t('databases.notActive')}</Alert>
              )}
            </>
          )}
        </QueryView>
      )}
    </>
  );
}

type Shown = { credentials: DatabaseCredentials; reason: 'created' | 'reset' };

function Databases({ service }: { service: HostingService }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const query = useQuery(hostingDatabasesQuery(service.id));
  const reset = useResetDatabasePassword(service.id);
  const [shown, setShown] = useState<Shown | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [resetting, setResetting] = useState<string | null>(null);
  /** The password leaves memory with the dialog: the mutation that answered it is forgotten too. */
  const closeShown = () => {
    setShown(null);
    reset.reset();
  };

  if (notReady(query.error)) return <Alert tone="info">{t('databases.notActive')}</Alert>;
  return (
    <QueryView
      query={query}
      loadingLabel={t('databases.loading')}
      errorTitle={t('databases.loadError')}
      skeleton={<SkeletonRows rows={4} />}
    >
      {(data) => {
        const full = data.databases.length >= data.limit;
        return (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 space-y-6 lg:col-span-2">
              <Panel title={t('databases.list.title')}>
                <p className="-mt-2 mb-4 text-sm text-slate-600">
                  {t('databases.used', { count: data.databases.length, limit: data.limit })}
                </p>
                {reset.isError && (
                  <Alert tone="error" title={t('databases.reset.failed')} className="mb-4">
                    {tc(accountErrorKey(reset.error))}
                  </Alert>
                )}
                {data.databases.length === 0 ? (
                  <EmptyState
                    icon={Database}
                    title={t('databases.empty.title')}
                    description={t('databases.empty.description')}
                  />
                ) : (
                  <ul className="divide-y divide-slate-100" aria-label={t('databases.list.title')}>
                    {data.databases.map((database) => (
                      <li
                        key={database.name}
                        className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                      >
                        <dl className="min-w-0 text-sm">
                          <div className="flex flex-wrap gap-x-2">
                            <dt className="text-slate-500">{t('databases.fields.name')}</dt>
                            <dd className="font-mono font-medium break-all text-slate-900">{database.name}</dd>
                          </div>
                          <div className="flex flex-wrap gap-x-2">
                            <dt className="text-slate-500">{t('databases.fields.user')}</dt>
                            <dd className="font-mono break-all text-slate-800">{database.user}</dd>
                          </div>
                        </dl>
                        <div className="flex flex-wrap gap-2">
                          <Button
                            variant="secondary"
                            size="sm"
                            disabled={reset.isPending}
                            aria-busy={(reset.isPending && resetting === database.name) || undefined}
                            onClick={() => {
                              setResetting(database.name);
                              reset.mutate(database.name, {
                                onSuccess: (credentials) => setShown({ credentials, reason: 'reset' }),
                              });
                            }}
                          >
                            <KeyRound aria-hidden="true" className="size-4" />
                            {reset.isPending && resetting === database.name
                              ? t('databases.reset.submitting')
                              : t('databases.reset.submit')}{' '}
                            <span className="sr-only">{database.name}</span>
                          </Button>
                          <Button variant="danger" size="sm" onClick={() => setDeleting(database.name)}>
                            <Trash2 aria-hidden="true" className="size-4" />
                            {t('databases.delete.open')} <span className="sr-only">{database.name}</span>
                          </Button>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
              <CreateForm
                serviceId={service.id}
                prefix={data.prefix}
                full={full}
                limit={data.limit}
                onCreated={(credentials) => setShown({ credentials, reason: 'created' })}
              />
            </div>
            <Panel title={t('databases.connection.title')}>
              <p className="-mt-2 mb-4 text-sm text-slate-600">{t('databases.connection.intro')}</p>
              <dl className="grid gap-3 text-sm">
                <Fact label={t('databases.fields.host')} value={data.host} />
                <Fact label={t('databases.fields.port')} value={String(data.port)} />
                <Fact label={t('databases.fields.user')} value={t('databases.connection.sameAsUser')} plain />
              </dl>
              <p className="mt-4 text-sm text-slate-600">{t('databases.connection.password')}</p>
            </Panel>
            <Dialog
              open={shown !== null}
              onClose={closeShown}
              title={t(shown?.reason === 'reset' ? 'databases.shown.resetTitle' : 'databases.shown.createdTitle')}
              closeLabel={tc('actions.close')}
            >
              {shown && <CredentialsView credentials={shown.credentials} onClose={closeShown} />}
            </Dialog>
            <Dialog
              open={deleting !== null}
              onClose={() => setDeleting(null)}
              title={t('databases.delete.title')}
              closeLabel={tc('actions.close')}
            >
              {deleting && <DeleteForm serviceId={service.id} name={deleting} onClose={() => setDeleting(null)} />}
            </Dialog>
          </div>
        );
      }}
    </QueryView>
  );
}

function Fact({ label, value, plain = false }: { label: string; value: string; plain?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className={plain ? 'mt-0.5 text-slate-800' : 'mt-0.5 font-mono font-medium break-all text-slate-900'}>
        {value}
      </dd>
    </div>
  );
}

function CreateForm({
  serviceId,
  prefix,
  full,
  limit,
  onCreated,
}: {
  serviceId: string;
  prefix: string;
  full: boolean;
  limit: number;
  onCreated: (credentials: DatabaseCredentials) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const create = useCreateDatabase(serviceId);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const localError =
    name.length === 0 ? 'validation.required' : DATABASE_SUFFIX_PATTERN.test(name) ? null : 'validation.databaseName';
  const serverError = fieldErrorsOf(create.error).name;
  const error = touched && localError ? tc(localError) : serverError ? tc(serverError.code) : undefined;

  return (
    <Panel title={t('databases.create.title')}>
      {full ? (
        <Alert tone="info">{t('databases.create.full', { count: limit })}</Alert>
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (localError) return;
            create.mutate(name, {
              onSuccess: (credentials) => {
                setName('');
                setTouched(false);
                onCreated(credentials);
                create.reset();
              },
            });
          }}
        >
          {create.isError && !serverError && (
            <Alert tone="error" title={t('databases.create.failed')} className="mb-4">
              {tc(accountErrorKey(create.error))}
            </Alert>
          )}
          <Field label={t('databases.create.name')} error={error} hint={t('databases.create.hint')}>
            {(control) => (
              <div className="flex min-w-0 items-stretch">
                <span className="inline-flex shrink-0 items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-2 font-mono text-sm whitespace-nowrap text-slate-600">
                  {prefix}
                </span>
                <Input
                  {...control}
                  className="min-w-0 rounded-l-none font-mono"
                  value={name}
                  maxLength={DATABASE_SUFFIX_MAX}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  onChange={(event) => {
                    setName(event.target.value);
                    if (create.isError) create.reset();
                  }}
                  onBlur={() => setTouched(name.length > 0)}
                />
              </div>
            )}
          </Field>
          <div className="mt-4">
            <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
              <Plus aria-hidden="true" className="size-4" />
              {create.isPending ? t('databases.create.submitting') : t('databases.create.submit')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

function CredentialsView({ credentials, onClose }: { credentials: DatabaseCredentials; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const [note, setNote] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(credentials.password);
      setNote(t('databases.shown.copied'));
    } catch {
      setNote(t('databases.shown.copyFailed'));
    }
  }

  return (
    <>
      <Alert tone="info" title={t('databases.shown.onceTitle')} className="mb-4">
        {t('databases.shown.once')}
      </Alert>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Fact label={t('databases.fields.host')} value={credentials.host} />
        <Fact label={t('databases.fields.port')} value={String(credentials.port)} />
        <Fact label={t('databases.fields.name')} value={credentials.name} />
        <Fact label={t('databases.fields.user')} value={credentials.user} />
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-slate-500">{t('databases.fields.password')}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2">
            <code
              className="rounded bg-slate-100 px-2 py-1 font-mono text-base break-all text-slate-900"
              data-testid="database-password"
            >
              {credentials.password}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {t('databases.shown.copy')}
            </Button>
          </dd>
        </div>
      </dl>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-600">
        {note}
      </p>
      <DialogActions>
        <Button onClick={onClose}>{t('databases.shown.done')}</Button>
      </DialogActions>
    </>
  );
}

function DeleteForm({ serviceId, name, onClose }: { serviceId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const formId = useId();
  const remove = useDeleteDatabase(serviceId);
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('databases.delete.body', { name })}</p>
      {remove.isError && (
        <Alert tone="error" title={t('databases.delete.failed')} className="mb-4">
          {tc(accountErrorKey(remove.error))}
        </Alert>
      )}
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          remove.mutate(name, { onSuccess: onClose });
        }}
      />
      <DialogFormActions
        form={formId}
        variant="danger"
        cancelLabel={tc('actions.cancel')}
        onCancel={onClose}
        submitLabel={remove.isPending ? t('databases.delete.submitting') : t('databases.delete.submit')}
        pending={remove.isPending}
      />
    </>
  );
}
