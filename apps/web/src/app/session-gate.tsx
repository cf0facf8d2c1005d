import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/** docs/product/screens.md: with a stored token, nothing shows until the session is verified; a spinner meanwhile. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useSession();
  if (status === 'checking') return <FullPageSpinner label={t('status.checkingSession')} />;
  return children;
}
