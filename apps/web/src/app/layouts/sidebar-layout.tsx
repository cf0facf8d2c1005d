import { Menu, X, type LucideIcon } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { useDismiss } from '@/components/ui/use-dismiss';
import { LanguageSwitcher } from '@/features/i18n/language-switcher';
import { cn } from '@/lib/cn';
import { usePublicSettings } from '@/lib/public-settings-store';
import { SiteLogo } from './site-logo';
import { RouteOutlet } from './route-outlet';
import { MaintenanceBanner } from './maintenance-banner';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

const LEGAL_LINKS = [
  { to: '/terms', labelKey: 'nav.terms' },
  { to: '/privacy', labelKey: 'nav.privacy' },
  { to: '/contact', labelKey: 'nav.contact' },
] as const;

export interface SidebarItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Match the path exactly (index routes). */
  end?: boolean;
  /** A count beside the label (unread notifications); `label` is then the link's whole accessible name. */
  badge?: { text: string; label: string };
}

export interface SidebarLayoutProps {
  /** Accessible name of the sidebar navigation. */
  navLabel: string;
  /** Shown under the logo: "Customer dashboard", "Admin panel". */
  areaLabel: string;
  items: SidebarItem[];
  /** The signed-in user's block and account actions, at the top of the sidebar. */
  account?: ReactNode;
  /** Links and actions at the bottom of the sidebar (admin link, sign out). */
  footer?: ReactNode;
  /** A notice above every page of the area (the e-mail verification banner). */
  banner?: ReactNode;
  /** Links in the phone's top bar, beside the menu button (the notifications bell). */
  topBar?: ReactNode;
  homeLink: string;
}

/** The frame of the customer dashboard and the admin back office. On phones the sidebar is a drawer. */
export function SidebarLayout({
  navLabel,
  areaLabel,
  items,
  account,
  footer,
  banner,
  topBar,
  homeLink,
}: SidebarLayoutProps) {
  const { t } = useTranslation();
  const siteName = usePublicSettings()?.siteName;
  const { pathname } = useLocation();
  const { open, close, toggle } = useDisclosure(pathname);
  const drawerId = useId();
  const drawerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(open, close, drawerRef, buttonRef);

  const sidebar = (
    <div className="flex h-full flex-col gap-6 overflow-y-auto bg-slate-950 px-4 py-5 text-slate-200">
      <div className="px-2">
        <SiteLogo tone="dark" to={homeLink} siteName={siteName} />
        <p className="mt-1 text-xs font-medium uppercase tracking-wide text-slate-400">{areaLabel}</p>
      </div>
      {account}
      <nav aria-label={navLabel}>
        <ul className="space-y-1">
          {items.map(({ to, label, icon: Icon, end, badge }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                aria-label={badge?.label}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors',
                    isActive ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
                {badge && (
                  <span
                    aria-hidden="true"
                    className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-danger-600 px-1.5 text-xs font-semibold text-white"
                  >
                    {badge.text}
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-auto space-y-3 border-t border-slate-800 pt-4">
        {footer}
        <LanguageSwitcher tone="dark" placement="up" align="start" />
      </div>
    </div>
  );

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      {/* The banner: the phone's top bar and the sidebar (a drawer on phones), which carries the navigation. */}
      <header>
        <div className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-800 bg-slate-950 px-4 lg:hidden">
          <SiteLogo tone="dark" to={homeLink} siteName={siteName} />
          <div className="flex items-center gap-1">
            {topBar}
            <button
              ref={buttonRef}
              type="button"
              aria-expanded={open}
              aria-controls={drawerId}
              aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
              onClick={toggle}
              className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10"
            >
              {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            </button>
          </div>
        </div>
        {open && <div aria-hidden="true" className="fixed inset-0 z-30 bg-slate-950/50 lg:hidden" />}
        <div
          id={drawerId}
          ref={drawerRef}
          className={cn('fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] lg:block lg:w-64', open ? 'block' : 'hidden')}
        >
          {sidebar}
        </div>
      </header>
      <div className="flex min-h-[calc(100dvh-3.5rem)] flex-col lg:min-h-dvh lg:pl-64">
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <MaintenanceBanner className="mb-6" />
            {banner}
            <RouteOutlet />
          </div>
        </main>
        <SidebarLayoutFooter />
      </div>
    </div>
  );
}

/** A slim footer under the content: the same legal links as the public site, and who runs it. */
function SidebarLayoutFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 py-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('footer.legal')}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-flex min-h-9 items-center rounded hover:text-slate-900">
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
