import { useQuery } from '@tanstack/react-query';
import { Laptop } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { dashboardQueries } from '../../api/queries';
import { useEndSession, useSignOutOtherSessions } from '../../api/use-account-actions';
import { Panel } from '../panel';

/**
 * The account's signed-in devices, with "sign out" for each other one and for all others at once; signing another
 * device out needs the current password (docs/decisions/044-account-protection.md).
 */
export function SessionsPanel({ className }: { className?: string }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const language = currentLanguage();
  const query = useQuery(dashboardQueries.sessions());
  const endSession = useEndSession();
  const signOutOthers = useSignOutOtherSessions();
  const [notice, setNotice] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const busy = endSession.isPending || signOutOthers.isPending;
  // A later read that fails keeps the list it had; Retry shows the spinner again while it reads.
  const sessions = query.data;
  const reading = sessions === undefined && query.isFetching;

  /** Ends other sessions with the current password; a missing or wrong one is said under its field. */
  async function act(call: (body: { currentPassword: string }) => Promise<unknown>, done: string) {
    setNotice(null);
    setPasswordError(null);
    if (!password) {
      setPasswordError(tc('validation.required'));
      return;
    }
    try {
      await call({ currentPassword: password });
      setPassword('');
      setNotice(t(done));
    } catch (error) {
      const field = fieldErrorsOf(error).currentPassword;
      if (field) setPasswordError(tc(field.code));
      else setNotice(tc(accountErrorKey(error)));
    }
  }

  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <Panel
      title={t('settings.sessions.title')}
      className={className}
      action={
        others.length > 0 && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => act(signOutOthers.mutateAsync, 'settings.sessions.othersEnded')}
          >
            {t('settings.sessions.signOutOthers')}
          </Button>
        )
      }
    >
      <p className="mb-4 text-sm text-slate-600">{t('settings.sessions.intro')}</p>
      {(query.isPending || reading) && <Spinner label={t('settings.sessions.loading')} />}
      {sessions === undefined && query.isError && !reading && (
        <Alert tone="error" title={t('settings.sessions.loadFailed')}>
          {tc(accountErrorKey(query.error))}
          <span className="mt-3 block">
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {tc('actions.retry')}
            </Button>
          </span>
        </Alert>
      )}
      {sessions?.length === 0 && <p className="text-sm text-slate-600">{t('settings.sessions.empty')}</p>}
      {sessions !== undefined && sessions.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex min-w-0 flex-1 gap-3">
                <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <h3 className="font-medium break-words text-slate-900">
                    {session.device || t('settings.sessions.unknownDevice')}
                    {session.current && (
                      <span className="ml-2 rounded-full bg-success-50 px-2 py-0.5 text-xs font-semibold text-success-800">
                        {t('settings.sessions.current')}
                      </span>
                    )}
                  </h3>
                  <p className="text-sm break-words text-slate-600">
                    {t('settings.sessions.details', {
                      address: session.address,
                      started: formatDateTime(new Date(session.startedAt), language),
                      lastUsed: formatDateTime(new Date(session.lastUsedAt), language),
                    })}
                  </p>
                </div>
              </div>
              {!session.current && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  aria-label={t('settings.sessions.signOutOne', {
                    device: session.device || t('settings.sessions.unknownDevice'),
                  })}
                  onClick={() =>
                    act((body) => endSession.mutateAsync({ id: session.id, ...body }), 'settings.sessions.ended')
                  }
                >
                  {t('settings.sessions.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <TextField
          label={t('settings.sessions.currentPassword')}
          hint={t('settings.sessions.currentPasswordHint')}
          type="password"
          autoComplete="current-password"
          className="mt-4 max-w-sm"
          value={password}
          error={passwordError ?? undefined}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      )}
      <p role="status" className="mt-3 text-sm text-slate-700 empty:hidden">
        {notice ?? ''}
      </p>
    </Panel>
  );
}
