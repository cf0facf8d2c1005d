import { ChevronDown } from 'lucide-react';
import { type FocusEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { useDismiss } from '@/components/ui/use-dismiss';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { SERVICE_LINKS } from '../navigation';

/** The header's Services dropdown: a disclosure (WAI-ARIA navigation pattern) of four links. */
export function ServicesMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { open, close, toggle } = useDisclosure(pathname);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useDismiss(open, close, containerRef, buttonRef);

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
  }

  const hydrated = useHydrated();
  const active = SERVICE_LINKS.some((link) => pathname === link.to);
  const buttonClass = cn(
    'inline-flex min-h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium transition-colors hover:bg-slate-100',
    active ? 'text-brand-700' : 'text-slate-700',
  );
  const panelClass =
    'absolute left-0 top-full z-50 mt-2 w-80 rounded-2xl border border-slate-200 bg-white p-2 shadow-(--shadow-raised)';

  if (!hydrated) {
    // Before the scripts run (or without them) the menu is a <details>: it opens with no script
    // (docs/decisions/047-interactive-from-first-paint.md); once hydrated it is the button below.
    return (
      <details className="relative">
        <summary className={cn(buttonClass, 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
          {t('nav.services')}
          <ChevronDown aria-hidden="true" className="size-4" />
        </summary>
        <div className={panelClass}>
          <ServiceLinks pathname={pathname} />
        </div>
      </details>
    );
  }

  return (
    <div ref={containerRef} className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={buttonClass}
      >
        {t('nav.services')}
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div id={panelId} hidden={!open} className={panelClass}>
        <ServiceLinks pathname={pathname} />
      </div>
    </div>
  );
}

function ServiceLinks({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  return (
    <ul>
      {SERVICE_LINKS.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            aria-current={pathname === link.to ? 'page' : undefined}
            className="block rounded-xl px-3 py-2.5 hover:bg-slate-50 aria-[current=page]:bg-brand-50"
          >
            <span className="block text-sm font-semibold text-slate-900">{t(link.labelKey)}</span>
            {link.descriptionKey && (
              <span className="mt-0.5 block text-sm text-slate-600">{t(link.descriptionKey)}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
