import { useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { routesOf } from '../route-table';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { RouteOutlet } from './route-outlet';
import { MaintenanceBanner } from './maintenance-banner';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** docs/product/screens.md: the public layout adds extra top padding on the visitors' forms (/login, /register). */
const AUTH_PATHS = new Set(routesOf('guest').map((route) => route.path));

export function PublicLayout() {
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
        <MaintenanceBanner className="mx-auto mt-4 w-[calc(100%-2rem)] max-w-7xl" />
        <RouteOutlet />
      </main>
      <SiteFooter />
    </div>
  );
}
