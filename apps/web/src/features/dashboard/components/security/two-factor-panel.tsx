import { canEnterAdmin, type FieldError, type TwoFactorSetup } from '@hostpilot/shared';
import { useQuery } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ButtonLink } from '@/components/ui/button-link';
import { SecondFactorForm } from '@/components/ui/second-factor-form';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { accountErrorKey, fieldErrorsOf } from '@/lib/account-errors';
import { formatDate } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { SecondFactor } from '@/lib/session-store';
import { dashboardQueries } from '../../api/queries';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
} from '../../api/use-account-actions';
import { Panel } from '../panel';

type View =
  | { name: 'idle' }
  | { name: 'setup'; setup: TwoFactorSetup | null }
  | { name: 'codes'; codes: string[] }
  | { name: 'regenerate' }
  | { name: 'disable' };

/** The set-up key in groups of four, as authenticator apps show it; spaces are ignored when typed in. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The recovery codes as a text file, offered for download. */
function downloadCodes(codes: string[], header: string) {
  const blob = new Blob([`${header}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'hostpilot-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Two-factor sign-in of the account (docs/decisions/023-two-factor-sign-in.md): set up with a QR code or the key as
 * text and a first code; the recovery codes shown once with Download and Copy; new codes; turning it off.
 */
export function TwoFactorPanel({ className }: { className?: string }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation();
  const { user } = useSession();
  const language = currentLanguage();
  const query = useQuery(dashboardQueries.security());
  const startSetupCall = useStartTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [view, setView] = useState<View>({ name: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  // Turning two-factor on needs the current password too (docs/decisions/044-account-protection.md).
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Whether the first answer said staff must set two-factor up: once it is on, the panel offers the back office.
  const [wasRequired, setWasRequired] = useState(false);
  const security = query.data;
  if (security?.twoFactorRequired && !wasRequired) setWasRequired(true);
  // A later read that fails keeps the answer it had; Retry shows the spinner again while it reads.
  const reading = security === undefined && query.isFetching;

  /** Runs a call that takes a code; a refused code's field errors go back to the form, anything else above it. */
  async function withCode(call: () => Promise<void>): Promise<Record<string, FieldError> | null> {
    setFailure(null);
    setPasswordError(null);
    try {
      await call();
      return null;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.currentPassword) {
        setPasswordError(fields.currentPassword.code);
        return null;
      }
      if (fields.code || fields.recoveryCode) return fields;
      setFailure(accountErrorKey(error));
      return null;
    }
  }

  async function startSetup() {
    setNotice(null);
    setFailure(null);
    setView({ name: 'setup', setup: null });
    try {
      setView({ name: 'setup', setup: await startSetupCall.mutateAsync() });
    } catch (error) {
      setView({ name: 'idle' });
      setFailure(accountErrorKey(error));
    }
  }

  const cancel = () => {
    setFailure(null);
    setPassword('');
    setPasswordError(null);
    setView({ name: 'idle' });
  };

  async function copyCodes(codes: string[]) {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setNotice(t('settings.twoFactor.copied'));
    } catch {
      setNotice(t('settings.twoFactor.copyFailed'));
    }
  }

  const enabled = security?.twoFactor.enabled ?? false;

  return (
    <Panel id="two-factor" title={t('settings.twoFactor.title')} className={className}>
      {(query.isPending || reading) && <Spinner label={t('settings.twoFactor.loading')} />}
      {security === undefined && query.isError && !reading && (
        <Alert tone="error" title={t('settings.twoFactor.loadFailed')}>
          {tc(accountErrorKey(query.error))}
          <span className="mt-3 block">
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              {tc('actions.retry')}
            </Button>
          </span>
        </Alert>
      )}
      {security && (
        <div className="space-y-4">
          {security.twoFactorRequired && (
            <Alert tone="info" title={t('settings.twoFactor.requiredTitle')}>
              {tc('errors.twoFactorRequired')}
            </Alert>
          )}
          {failure && (
            <Alert tone="error" title={t('settings.twoFactor.failed')}>
              {tc(failure)}
            </Alert>
          )}

          {view.name === 'idle' && (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0 flex-1 text-sm text-slate-600">
                <p>
                  {enabled && security.twoFactor.enabledAt !== null
                    ? t('settings.twoFactor.on', {
                        date: formatDate(new Date(security.twoFactor.enabledAt), language),
                      })
                    : t('settings.twoFactor.off')}
                </p>
                {enabled && (
                  <p className="mt-1">
                    {t('settings.twoFactor.codesLeft', { count: security.twoFactor.recoveryCodesLeft })}
                  </p>
                )}
              </div>
              {enabled ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setView({ name: 'regenerate' })}>
                    {t('settings.twoFactor.regenerate')}
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => setView({ name: 'disable' })}>
                    {t('settings.twoFactor.disable')}
                  </Button>
                </div>
              ) : (
                <Button variant="secondary" size="sm" onClick={startSetup}>
                  <ShieldCheck aria-hidden="true" className="size-4" />
                  {t('settings.twoFactor.setUp')}
                </Button>
              )}
            </div>
          )}

          {view.name === 'setup' && !view.setup && <Spinner label={t('settings.twoFactor.starting')} />}
          {view.name === 'setup' && view.setup && (
            <div className="space-y-4">
              <h3 className="font-medium text-slate-900">{t('settings.twoFactor.setupTitle')}</h3>
              <p className="text-sm text-slate-600">{t('settings.twoFactor.step1')}</p>
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(view.setup.qrSvg)}`}
                alt={t('settings.twoFactor.qrAlt')}
                width={192}
                height={192}
                className="size-48 rounded-lg border border-slate-200 bg-white"
              />
              <p className="text-sm text-slate-600">{t('settings.twoFactor.step2')}</p>
              <TextField
                label={t('settings.twoFactor.secretLabel')}
                readOnly
                value={grouped(view.setup.secret)}
                spellCheck={false}
                className="font-mono"
                onFocus={(event) => event.currentTarget.select()}
              />
              <TextField
                label={t('settings.twoFactor.currentPassword')}
                hint={t('settings.twoFactor.currentPasswordHint')}
                type="password"
                autoComplete="current-password"
                value={password}
                error={passwordError ? tc(passwordError) : undefined}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <p className="text-sm text-slate-600">{t('settings.twoFactor.step3')}</p>
              <SecondFactorForm
                allowRecovery={false}
                submitLabel={t('settings.twoFactor.confirm')}
                submittingLabel={t('settings.twoFactor.confirming')}
                onSubmit={(factor: SecondFactor) =>
                  withCode(async () => {
                    if (!password) {
                      setPasswordError('validation.required');
                      return;
                    }
                    const answer = await enable.mutateAsync({ ...factor, currentPassword: password });
                    setPassword('');
                    setView({ name: 'codes', codes: answer.recoveryCodes });
                    setNotice(t('settings.twoFactor.enabled'));
                  })
                }
              >
                <Button variant="secondary" onClick={cancel}>
                  {t('settings.twoFactor.cancel')}
                </Button>
              </SecondFactorForm>
            </div>
          )}

          {view.name === 'codes' && (
            <div className="space-y-4">
              <h3 className="font-medium text-slate-900">{t('settings.twoFactor.codesTitle')}</h3>
              <p className="text-sm text-slate-600">{t('settings.twoFactor.codesIntro')}</p>
              <ol
                aria-label={t('settings.twoFactor.codesListLabel')}
                className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-sm text-slate-900"
              >
                {view.codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ol>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    downloadCodes(view.codes, t('settings.twoFactor.fileHeader', { email: user?.email ?? '' }))
                  }
                >
                  <Download aria-hidden="true" className="size-4" />
                  {t('settings.twoFactor.download')}
                </Button>
                <Button variant="secondary" size="sm" onClick={() => copyCodes(view.codes)}>
                  <Copy aria-hidden="true" className="size-4" />
                  {t('settings.twoFactor.copy')}
                </Button>
                <Button
                  size="sm"
                  onClick={() => {
                    setNotice(null);
                    setView({ name: 'idle' });
                  }}
                >
                  {t('settings.twoFactor.saved')}
                </Button>
              </div>
            </div>
          )}

          {view.name === 'regenerate' && (
            <div className="space-y-4">
              <h3 className="font-medium text-slate-900">{t('settings.twoFactor.regenerateTitle')}</h3>
              <p className="text-sm text-slate-600">{t('settings.twoFactor.regenerateIntro')}</p>
              <SecondFactorForm
                allowRecovery={false}
                submitLabel={t('settings.twoFactor.regenerateSubmit')}
                submittingLabel={t('settings.twoFactor.working')}
                onSubmit={(factor) =>
                  withCode(async () => {
                    const answer = await regenerate.mutateAsync(factor);
                    setView({ name: 'codes', codes: answer.recoveryCodes });
                  })
                }
              >
                <Button variant="secondary" onClick={cancel}>
                  {t('settings.twoFactor.cancel')}
                </Button>
              </SecondFactorForm>
            </div>
          )}

          {view.name === 'disable' && (
            <div className="space-y-4">
              <h3 className="font-medium text-slate-900">{t('settings.twoFactor.disableTitle')}</h3>
              <p className="text-sm text-slate-600">{t('settings.twoFactor.disableIntro')}</p>
              <SecondFactorForm
                submitLabel={t('settings.twoFactor.disableSubmit')}
                submittingLabel={t('settings.twoFactor.working')}
                onSubmit={(factor) =>
                  withCode(async () => {
                    await disable.mutateAsync(factor);
                    setView({ name: 'idle' });
                    setNotice(t('settings.twoFactor.disabled'));
                  })
                }
              >
                <Button variant="secondary" onClick={cancel}>
                  {t('settings.twoFactor.cancel')}
                </Button>
              </SecondFactorForm>
            </div>
          )}

          {wasRequired && enabled && view.name === 'idle' && user && canEnterAdmin(user.role) && (
            <ButtonLink to="/admin" size="sm">
              {t('settings.twoFactor.openAdmin')}
            </ButtonLink>
          )}
        </div>
      )}
      <p role="status" className="mt-3 text-sm text-slate-700 empty:hidden">
        {notice ?? ''}
      </p>
    </Panel>
  );
}
