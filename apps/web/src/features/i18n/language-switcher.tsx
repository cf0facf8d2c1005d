import { Check, ChevronDown, Globe } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDismiss } from '@/components/ui/use-dismiss';
import { cn } from '@/lib/cn';
import { currentLanguage, type Language, LANGUAGES } from '@/lib/i18n';
import { useHydrated } from '@/lib/use-hydrated';

/** Each language is named in itself, so a reader finds theirs whatever is shown now. */
const NATIVE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский' };

export interface LanguageSwitcherProps {
  /** `dark` for dark backgrounds (footer, sidebars). */
  tone?: 'light' | 'dark';
  /** Where the list opens: below the button, or above it (footer, bottom of a sidebar). */
  placement?: 'down' | 'up';
  /** Aligns the list with the button's start or end edge. */
  align?: 'start' | 'end';
  className?: string;
}

export function LanguageSwitcher({
  tone = 'light',
  placement = 'down',
  align = 'end',
  className,
}: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);
  const active = currentLanguage();
  const { pathname } = useLocation();
  const hydrated = useHydrated();

  const buttonClass = cn(
    'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors',
    tone === 'light' ? 'text-slate-700 hover:bg-slate-100' : 'text-slate-200 hover:bg-white/10',
  );
  const listClass = cn(
    'absolute z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 text-slate-800 shadow-(--shadow-raised)',
    placement === 'down' ? 'top-full mt-2' : 'bottom-full mb-2',
    align === 'end' ? 'right-0' : 'left-0',
  );
  const itemClass =
    'flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100';

  if (!hydrated) {
    // Before the scripts run (or without them), a <details> of links to this page in each language: the server
    // honours `?lng=` (docs/decisions/018-prerendered-public-pages.md, 047-interactive-from-first-paint.md).
    return (
      <details className={cn('relative', className)}>
        <summary
          aria-label={t('language.label', { language: NATIVE_NAMES[active] })}
          className={cn(buttonClass, 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}
        >
          <Globe aria-hidden="true" className="size-4" />
          <span aria-hidden="true">{active.toUpperCase()}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </summary>
        <ul aria-label={t('language.choose')} className={listClass}>
          {LANGUAGES.map((language) => (
            <li key={language}>
              <a
                href={`${pathname}?lng=${language}`}
                lang={language}
                hrefLang={language}
                aria-current={language === active ? 'true' : undefined}
                className={itemClass}
              >
                {NATIVE_NAMES[language]}
                {language === active && <Check aria-hidden="true" className="size-4 text-brand-600" />}
              </a>
            </li>
          ))}
        </ul>
      </details>
    );
  }

  function choose(language: Language) {
    setOpen(false);
    buttonRef.current?.focus();
    if (language !== active) void i18n.changeLanguage(language);
  }

  return (
    <div ref={containerRef} className={cn('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={t('language.label', { language: NATIVE_NAMES[active] })}
        onClick={() => setOpen((value) => !value)}
        className={buttonClass}
      >
        <Globe aria-hidden="true" className="size-4" />
        <span aria-hidden="true">{active.toUpperCase()}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul id={listId} hidden={!open} aria-label={t('language.choose')} className={listClass}>
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              aria-current={language === active ? 'true' : undefined}
              onClick={() => choose(language)}
              className={itemClass}
            >
              {NATIVE_NAMES[language]}
              {language === active && <Check aria-hidden="true" className="size-4 text-brand-600" />}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
