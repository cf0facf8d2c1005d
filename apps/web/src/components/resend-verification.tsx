import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { resendVerificationMail } from '@/lib/account-api';
import { accountErrorKey } from '@/lib/account-errors';

type Sent = 'idle' | 'sending' | 'sent' | { error: string };

/**
 * "Send the mail again" for an account whose e-mail is not verified (docs/decisions/019-unverified-accounts.md),
 * with what came of it read out beside it: the dashboard banner and every refusal with EMAIL_NOT_VERIFIED.
 */
export function ResendVerification({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<Sent>('idle');

  async function resend() {
    setSent('sending');
    try {
      await resendVerificationMail();
      setSent('sent');
    } catch (error) {
      setSent({ error: accountErrorKey(error) });
    }
  }

  return (
    <div className={className}>
      <Button
        size="sm"
        variant="secondary"
        onClick={resend}
        disabled={sent === 'sending'}
        aria-busy={sent === 'sending'}
      >
        {t('verifyBanner.resend')}
      </Button>
      <p role="status" className="mt-1 empty:hidden">
        {sent === 'sent' ? t('verifyBanner.sent') : typeof sent === 'object' ? t(sent.error) : ''}
      </p>
    </div>
  );
}
