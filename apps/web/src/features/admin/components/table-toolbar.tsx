import { Download, Filter, Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export interface TableToolbarProps {
  /** Accessible name of the search box, e.g. "Search users". */
  searchLabel: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  onFilter: () => void;
  onExport: () => void;
}

/** The search box with the Filter and Export buttons above an admin list. Searching filters as one types. */
export function TableToolbar({
  searchLabel,
  placeholder,
  query,
  onQueryChange,
  onFilter,
  onExport,
}: TableToolbarProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div role="search" aria-label={searchLabel} className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {searchLabel}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          id={id}
          type="search"
          value={query}
          placeholder={placeholder}
          onChange={(event) => onQueryChange(event.target.value)}
          className="pl-9"
          autoComplete="off"
        />
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onFilter}>
          <Filter aria-hidden="true" className="size-4" />
          {t('list.filter')}
        </Button>
        <Button variant="secondary" onClick={onExport}>
          <Download aria-hidden="true" className="size-4" />
          {t('list.export')}
        </Button>
      </div>
    </div>
  );
}
