import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** SPEC.md section 2: the public layout adds extra top padding on /login and /register. */
const AUTH_PATHS = new Set(['/login', '/register']);

export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const authPage = AUTH_PATHS.has(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        data-auth-page={authPage}
        className={cn('flex-1 outline-none', authPage ? 'bg-slate-50 pb-16 pt-28 sm:pt-32' : 'pt-16')}
      >
        <Suspense
          fallback={
            <div className="flex min-h-[50vh] items-center justify-center">
              <Spinner label={t('status.loading')} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
