import { CircleAlert, Search } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DOMAIN_QUERY_MAX_LENGTH } from '@hostpilot/shared';
import { cn } from '@/lib/cn';

export interface DomainSearchFormProps {
  /** Called with the trimmed, non-empty text. Empty text shows a message instead. */
  onSearch: (query: string) => void;
  defaultValue?: string;
  /** `hero` for the large form on a page's top, `inline` for one inside a section. */
  size?: 'hero' | 'inline';
  className?: string;
  /** Why the server refused the last search (a `validation.*` key of the common namespace), shown by the box. */
  errorKey?: string;
}

/** The parameter of /domains's address that holds the search's text. */
export const DOMAIN_SEARCH_PARAM = 'search';

/** A domain search box. Submitting nothing says what to type, keeps focus in the box, and goes nowhere. */
export function DomainSearchForm({
  onSearch,
  defaultValue = '',
  size = 'inline',
  className,
  errorKey,
}: DomainSearchFormProps) {
  const { t } = useTranslation('marketing');
  const [value, setValue] = useState(defaultValue);
  const [showEmpty, setShowEmpty] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;
  // The text follows the search it shows (a link, Back and Forward), without remounting and losing focus.
  const [shownDefault, setShownDefault] = useState(defaultValue);
  if (shownDefault !== defaultValue) {
    setShownDefault(defaultValue);
    setValue(defaultValue);
  }
  const message = showEmpty ? t('domainSearch.empty') : errorKey ? t(`common:${errorKey}`) : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = value.trim();
    if (!query) {
      setShowEmpty(true);
      inputRef.current?.focus();
      return;
    }
    setShowEmpty(false);
    onSearch(query);
  }

  return (
    // A real form to /domains?search=…: it searches before the page's scripts have run and without them
    // (docs/decisions/047-interactive-from-first-paint.md); once hydrated, `onSearch` takes the submit over.
    <form
      role="search"
      method="get"
      action="/domains"
      noValidate
      onSubmit={onSubmit}
      className={className}
      aria-label={t('domainSearch.formLabel')}
    >
      <label htmlFor={id} className="sr-only">
        {t('domainSearch.label')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-slate-400"
            />
            <Input
              ref={inputRef}
              id={id}
              name={DOMAIN_SEARCH_PARAM}
              type="text"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={DOMAIN_QUERY_MAX_LENGTH}
              placeholder={t('domainSearch.placeholder')}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                if (showEmpty) setShowEmpty(false);
              }}
              aria-invalid={message !== null}
              aria-describedby={message !== null ? errorId : undefined}
              className={cn('pl-11', size === 'hero' ? 'min-h-14 text-base! sm:text-lg!' : 'min-h-12 sm:text-base!')}
            />
          </div>
          <div aria-live="polite">
            {message !== null && (
              <p id={errorId} className="mt-2 flex items-start gap-1.5 text-left text-sm font-medium text-danger-700">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>{message}</span>
              </p>
            )}
          </div>
        </div>
        <Button type="submit" size="lg" className={cn('shrink-0', size === 'hero' && 'min-h-14 px-8')}>
          {t('domainSearch.submit')}
        </Button>
      </div>
    </form>
  );
}
