import type { AccountSecurity } from '@hostpilot/shared';
import { MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { accountErrorKey } from '@/lib/account-errors';
import { api, useSession } from '@/lib/session';

type Sent = 'idle' | 'sending' | 'sent' | { error: string };

/**
 * Shown on every dashboard page until the account's e-mail is verified (docs/decisions/019-unverified-accounts.md),
 * with a button that sends the verification mail again. Says nothing while it cannot tell.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [verified, setVerified] = useState<boolean | null>(null);
  const [sent, setSent] = useState<Sent>('idle');

  useEffect(() => {
    if (!user) return;
    let live = true;
    api.get<AccountSecurity>('/account/security').then(
      (answer) => live && setVerified(answer.emailVerified),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user]);

  if (!user || verified !== false) return null;

  async function resend() {
    setSent('sending');
    try {
      await api.post('/auth/email/resend');
      setSent('sent');
    } catch (error) {
      setSent({ error: accountErrorKey(error) });
    }
  }

  return (
    <div
      role="region"
      aria-label={t('verifyBanner.label')}
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-warning-600/30 bg-warning-50 px-4 py-3 text-sm text-warning-800"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t('verifyBanner.title')}</p>
        <p className="mt-1 break-words">{t('verifyBanner.body', { email: user.email })}</p>
        <p role="status" className="mt-1 empty:hidden">
          {sent === 'sent' ? t('verifyBanner.sent') : typeof sent === 'object' ? t(sent.error) : ''}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        onClick={resend}
        disabled={sent === 'sending'}
        aria-busy={sent === 'sending'}
      >
        {t('verifyBanner.resend')}
      </Button>
    </div>
  );
}
