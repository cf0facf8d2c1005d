import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';

function describe(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}

/** docs/product/errors.md: the generic fallback screen, titled Unexpected Application Error. */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = describe(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-(--shadow-card)">
        <AlertTriangle aria-hidden="true" className="mx-auto size-12 text-danger-600" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('errorScreen.title')}</h1>
        {detail && (
          <p
            className="mt-3 rounded-lg bg-danger-50 px-4 py-3 font-mono text-sm text-danger-800"
            data-testid="error-detail"
          >
            {detail}
          </p>
        )}
        <p className="mt-4 text-slate-600">{t('errorScreen.body')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
            {t('errorScreen.reload')}
          </button>
          {/* A plain link: the router itself may be what failed. */}
          <a href="/" className={buttonClasses('secondary')}>
            {t('errorScreen.home')}
          </a>
        </div>
      </div>
    </main>
  );
}
