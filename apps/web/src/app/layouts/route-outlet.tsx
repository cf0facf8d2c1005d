import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

/** The page of the current route, with a spinner while a part of it is still loading. */
export function RouteOutlet() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center">
          <Spinner label={t('status.loading')} />
        </div>
      }
    >
      <Outlet />
    </Suspense>
  );
}
