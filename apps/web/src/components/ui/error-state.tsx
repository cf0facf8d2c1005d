import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http';
import { Alert } from './alert';
import { Button } from './button';

/** The translation key (common namespace) that explains why a read failed, in words a customer understands. */
export function loadErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return 'errors.network';
    if (error.status === 401) return 'errors.sessionExpired';
    if (error.status === 403) return 'errors.forbidden';
    if (error.status === 404) return 'errors.notFound';
    if (error.status === 429) return 'errors.tooManyRequests';
    if (error.status === 503) return 'errors.serviceUnavailable';
  }
  return 'errors.loadFailed';
}

export interface ErrorStateProps {
  error: unknown;
  onRetry: () => void;
  /** True while the retry is under way: the button then waits. */
  retrying?: boolean;
  /** What could not be loaded, e.g. "Your domains" (the alert's title); a general title when not given. */
  title?: string;
  className?: string;
}

/** A read that failed: what went wrong, translated, and a Retry button. Announced at once (role="alert"). */
export function ErrorState({ error, onRetry, retrying = false, title, className }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Alert tone="error" title={title ?? t('errors.loadTitle')} className={className}>
      <p>{t(loadErrorKey(error))}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} disabled={retrying}>
        <RotateCw
          aria-hidden="true"
          className={retrying ? 'size-4 animate-spin motion-reduce:animate-none' : 'size-4'}
        />
        {t('actions.retry')}
      </Button>
    </Alert>
  );
}
