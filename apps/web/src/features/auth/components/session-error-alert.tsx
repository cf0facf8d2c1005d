import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import type { SessionError } from '@/lib/session-store';

/**
 * docs/product/screens.md: the authentication error in a red box above the form. It takes focus when it appears,
 * so keyboard and screen-reader users land on it.
 */
export function SessionErrorAlert({ error, title }: { error: SessionError | null; title: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  return (
    <Alert ref={ref} tone="error" title={error.key === 'sessionExpired' ? undefined : title} className="mb-6">
      {t(`errors.${error.key}`)}
    </Alert>
  );
}
