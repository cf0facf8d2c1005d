import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { inputClasses } from './field-styles';

/** docs/product/constants.md: admin page sizes 10, 20, 50; default 10. */
export const PAGE_SIZES = [10, 20, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface PaginationProps {
  pageSize: PageSize;
  /** Without it the page size is fixed and no selector shows. */
  onPageSizeChange?: (size: PageSize) => void;
  /** The results line, e.g. "Showing 1 to 10 of 100 results". */
  summary: string;
  onPrevious: () => void;
  onNext: () => void;
  previousDisabled?: boolean;
  nextDisabled?: boolean;
  /** Names the navigation landmark, e.g. "Users pages". */
  label: string;
}

export function Pagination({
  pageSize,
  onPageSizeChange,
  summary,
  onPrevious,
  onNext,
  previousDisabled,
  nextDisabled,
  label,
}: PaginationProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  return (
    <nav aria-label={label} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-3">
        {onPageSizeChange && (
          <>
            <label htmlFor={sizeId} className="text-sm text-slate-700">
              {t('pagination.perPage')}
            </label>
            <select
              id={sizeId}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value) as PageSize)}
              className={`${inputClasses()} w-auto! py-2 pr-8`}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </>
        )}
        <p className="text-sm text-slate-600" aria-live="polite">
          {summary}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" onClick={onPrevious} disabled={previousDisabled}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('pagination.previous')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onNext} disabled={nextDisabled}>
          {t('pagination.next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
