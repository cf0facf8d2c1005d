import { Menu, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { useDismiss } from '@/components/ui/use-dismiss';
import { Container } from '@/components/ui/container';
import { LanguageSwitcher } from '@/features/i18n/language-switcher';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { useScrolled } from '@/lib/use-scrolled';
import { MAIN_LINKS, SERVICE_LINKS } from '../navigation';
import { HeaderAccount } from './header-account';
import { HeaderCart } from './header-cart';
import { ServicesMenu } from './services-menu';
import { SiteLogo } from './site-logo';

/** docs/product/screens.md: the header turns solid after scrolling more than 10 px. */
export const HEADER_SOLID_AFTER_PX = 10;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium transition-colors hover:bg-slate-100',
    isActive ? 'text-brand-700' : 'text-slate-700',
  );

const menuButtonClass =
  'inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden';
const menuPanelClass = 'max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white';

export function SiteHeader() {
  const { t } = useTranslation();
  const scrolled = useScrolled(HEADER_SOLID_AFTER_PX);
  const { pathname } = useLocation();
  const { open: menuOpen, close: closeMenu, toggle: toggleMenu } = useDisclosure(pathname);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  useDismiss(menuOpen, closeMenu, headerRef, menuButtonRef);
  const hydrated = useHydrated();

  const solid = scrolled || menuOpen;

  return (
    <header
      ref={headerRef}
      data-solid={solid}
      className={cn(
        'fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-200',
        solid ? 'border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur' : 'bg-transparent',
      )}
    >
      <Container className="flex h-16 items-center justify-between gap-4">
        <SiteLogo />
        <nav aria-label={t('nav.mainLabel')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <ServicesMenu />
            </li>
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={navLinkClass}>
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <HeaderCart />
          <div className="hidden lg:block">
            <HeaderAccount />
          </div>
          {hydrated ? (
            <button
              ref={menuButtonRef}
              type="button"
              className={menuButtonClass}
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              onClick={toggleMenu}
            >
              {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            </button>
          ) : (
            // Before the scripts run (or without them) the phone menu is a <details> whose panel spans the header
            // (docs/decisions/047-interactive-from-first-paint.md); once hydrated it is the button above.
            <details className="lg:hidden">
              <summary
                aria-label={t('nav.openMenu')}
                className={cn(menuButtonClass, 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
              >
                <Menu aria-hidden="true" className="size-6" />
              </summary>
              <div className={cn(menuPanelClass, 'absolute inset-x-0 top-full')}>
                <MobileMenu />
              </div>
            </details>
          )}
        </div>
      </Container>
      {hydrated && (
        <div id={menuId} hidden={!menuOpen} className={cn(menuPanelClass, 'lg:hidden')}>
          <MobileMenu />
        </div>
      )}
    </header>
  );
}

/** One list of the phone menu: full-width links, the current page marked. */
function MobileLinks({ links, className }: { links: typeof MAIN_LINKS; className: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className={(state) => cn(navLinkClass(state), 'flex w-full')}>
            {t(link.labelKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The phone menu's links and account actions, in the hydrated panel and in the script-free <details>. */
function MobileMenu() {
  const { t } = useTranslation();
  return (
    <Container className="py-4">
      <nav aria-label={t('nav.mobileLabel')}>
        <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t('nav.services')}</p>
        <MobileLinks links={SERVICE_LINKS} className="mb-3" />
        <MobileLinks links={MAIN_LINKS} className="border-t border-slate-100 pt-3" />
      </nav>
      <div className="mt-4 border-t border-slate-100 pt-4">
        <HeaderAccount stacked />
      </div>
    </Container>
  );
}
