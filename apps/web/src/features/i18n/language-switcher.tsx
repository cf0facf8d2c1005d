import { Check, ChevronDown, Globe } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '@/components/ui/use-dismiss';
import { cn } from '@/lib/cn';
import { currentLanguage, type Language, LANGUAGES } from '@/lib/i18n';

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
        className={cn(
          'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors',
          tone === 'light' ? 'text-slate-700 hover:bg-slate-100' : 'text-slate-200 hover:bg-white/10',
        )}
      >
        <Globe aria-hidden="true" className="size-4" />
        <span aria-hidden="true">{active.toUpperCase()}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <ul
        id={listId}
        hidden={!open}
        aria-label={t('language.choose')}
        className={cn(
          'absolute z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 text-slate-800 shadow-(--shadow-raised)',
          placement === 'down' ? 'top-full mt-2' : 'bottom-full mb-2',
          align === 'end' ? 'right-0' : 'left-0',
        )}
      >
        {LANGUAGES.map((language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              aria-current={language === active ? 'true' : undefined}
              onClick={() => choose(language)}
              className="flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100"
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
