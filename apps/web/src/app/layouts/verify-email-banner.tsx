import { useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResendVerification } from '@/components/resend-verification';
import { dashboardQueries } from '@/features/dashboard/api/queries';
import { useSession } from '@/lib/session';

/**
 * Shown on every dashboard page until the account's e-mail is verified (docs/decisions/019-unverified-accounts.md),
 * with a button that sends the verification mail again. Says nothing while it cannot tell.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Read again whenever the dashboard opens (the link may have been followed on the public site meanwhile) and
  // trusted only then; the settings page's two-factor panel shares the entry, and returning to the tab reads it.
  const security = useQuery({ ...dashboardQueries.security(), enabled: user !== null, refetchOnMount: 'always' });
  const verified = security.isFetchedAfterMount ? security.data?.emailVerified : undefined;

  if (!user || verified !== false) return null;

  return (
    <div
      role="region"
      aria-label={t('verifyBanner.label')}
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl border border-warning-600/30 bg-warning-50 px-4 py-3 text-sm text-warning-800"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 grow basis-56">
        <p className="font-semibold">{t('verifyBanner.title')}</p>
        <p className="mt-1 break-words">{t('verifyBanner.body', { email: user.email })}</p>
      </div>
      <ResendVerification />
    </div>
  );
}
