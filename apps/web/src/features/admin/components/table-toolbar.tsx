import { Download, Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field-styles';
import { Input } from '@/components/ui/input';

export interface SelectOption {
  value: string;
  label: string;
}

export interface ToolbarSelect {
  /** Names the control: "Status", "Sort by". */
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
}

export interface ToolbarDate {
  /** Names the control: "Registered from". */
  label: string;
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
}

export interface TableToolbarProps {
  /** Accessible name of the search box, e.g. "Search users". */
  searchLabel: string;
  placeholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  /** Filters and the sort order, each a labelled select. */
  selects: ToolbarSelect[];
  /** Day filters, each a labelled date input. */
  dates?: ToolbarDate[];
  /** Export's action; a list without an export (the outbox) shows no Export button. */
  onExport?: () => void;
  /** While an export downloads: the button is busy. */
  exporting?: boolean;
}

/** The search box, the filters, the sort order and Export above an admin list. */
export function TableToolbar({
  searchLabel,
  placeholder,
  query,
  onQueryChange,
  selects,
  dates = [],
  onExport,
  exporting = false,
}: TableToolbarProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end">
      <div role="search" aria-label={searchLabel} className="relative min-w-0 lg:min-w-64 lg:flex-1">
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
      <div className="flex flex-wrap items-end gap-3">
        {selects.map((select, index) => (
          <ToolbarSelectField key={select.label} select={select} id={`${id}-${index}`} />
        ))}
        {dates.map((date, index) => (
          <div key={date.label} className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-date-${index}`} className="text-xs font-medium text-slate-600">
              {date.label}
            </label>
            <input
              id={`${id}-date-${index}`}
              type="date"
              value={date.value}
              onChange={(event) => date.onChange(event.target.value)}
              className={`${inputClasses()} w-auto! max-w-full py-2`}
            />
          </div>
        ))}
        {onExport && (
          <Button variant="secondary" onClick={onExport} disabled={exporting} aria-busy={exporting}>
            <Download aria-hidden="true" className="size-4" />
            {t('list.export')}
          </Button>
        )}
      </div>
    </div>
  );
}

function ToolbarSelectField({ select, id }: { select: ToolbarSelect; id: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {select.label}
      </label>
      <select
        id={id}
        value={select.value}
        onChange={(event) => select.onChange(event.target.value)}
        className={`${inputClasses()} w-auto! max-w-full py-2 pr-8`}
      >
        {select.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
