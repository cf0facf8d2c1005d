import type { AccountSecurity } from '@hostpilot/shared';
import { MailWarning } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResendVerification } from '@/components/resend-verification';
import { api, useSession } from '@/lib/session';

/**
 * Shown on every dashboard page until the account's e-mail is verified (docs/decisions/019-unverified-accounts.md),
 * with a button that sends the verification mail again. Says nothing while it cannot tell.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [verified, setVerified] = useState<boolean | null>(null);

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
      </div>
      <ResendVerification />
    </div>
  );
}
