import type { BulkResult } from '@hostpilot/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { Column } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { errorCodeKey } from '@/lib/account-errors';
import { cn } from '@/lib/cn';
import { type BulkAction, useBulkAction } from '../api/use-admin-actions';
import { ReasonDialog } from './reason-dialog';

/**
 * Rows ticked for a bulk action (docs/decisions/048-operator-journeys.md), among the rows of the page shown: a
 * row that leaves the page (another page, a filter) leaves the selection.
 */
export function useRowSelection<Row>(rows: readonly Row[] | undefined, rowKey: (row: Row) => string) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const onPage = useMemo(() => (rows ?? []).map(rowKey), [rows, rowKey]);
  const selected = onPage.filter((id) => ticked.has(id));
  return {
    selected,
    has: (id: string) => ticked.has(id),
    toggle: (id: string) =>
      setTicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    allOnPage: onPage.length > 0 && selected.length === onPage.length,
    toggleAll: () => setTicked(selected.length === onPage.length ? new Set() : new Set(onPage)),
    clear: () => setTicked(new Set()),
  };
}

export type RowSelection = ReturnType<typeof useRowSelection>;

const CHECKBOX =
  'size-4 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The first column of a list with bulk actions: a checkbox per row, named for it, and one for the whole page. */
export function selectionColumn<Row>(
  selection: RowSelection,
  rowKey: (row: Row) => string,
  rowLabel: (row: Row) => string,
  allLabel: string,
): Column<Row> {
  return {
    key: 'select',
    header: (
      <input
        type="checkbox"
        // On a phone the rows are cards with no header row: each card keeps its own checkbox.
        className={cn(CHECKBOX, 'max-md:hidden')}
        aria-label={allLabel}
        checked={selection.allOnPage}
        onChange={selection.toggleAll}
      />
    ),
    className: 'w-10',
    stackedLabel: null,
    cell: (row) => (
      <input
        type="checkbox"
        className={CHECKBOX}
        aria-label={rowLabel(row)}
        checked={selection.has(rowKey(row))}
        onChange={() => selection.toggle(rowKey(row))}
      />
    ),
  };
}

export interface BulkChoice {
  action: string;
  label: string;
  /** Red: it takes something away (suspend, cancel, decline). */
  danger?: boolean;
  /** The confirmation's texts; the reason is required unless `optional`. */
  title: string;
  body: string;
  reasonLabel: string;
  optional?: boolean;
}

/**
 * What the ticked rows can have done to them, above the list, and the one confirmation (with the reason the
 * audit log keeps); then the answer for each row: how many were done, and why each refused one was not.
 */
export function BulkBar({
  list,
  selection,
  choices,
  nameOf,
}: {
  list: BulkAction['list'];
  selection: RowSelection;
  choices: BulkChoice[];
  /** A row's name for the report (the user's name, the order's number), by id. */
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const bulk = useBulkAction();
  const [choice, setChoice] = useState<BulkChoice | null>(null);
  const [report, setReport] = useState<{ result: BulkResult; names: Map<string, string> } | null>(null);
  const count = selection.selected.length;
  if (count === 0 && !choice && !report) return null;
  const done = report?.result.results.filter((row) => row.ok).length ?? 0;
  const refused = report?.result.results.filter((row) => !row.ok) ?? [];
  return (
    <>
      {count > 0 && (
        <div
          role="region"
          aria-label={t('bulk.region')}
          className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-2"
        >
          <p className="mr-2 text-sm font-medium text-slate-800" aria-live="polite">
            {t('bulk.selected', { count })}
          </p>
          {choices.map((item) => (
            <Button
              key={item.action}
              size="sm"
              variant={item.danger ? 'danger' : 'secondary'}
              onClick={() => setChoice(item)}
            >
              {item.label}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={selection.clear}>
            {t('bulk.clear')}
          </Button>
        </div>
      )}
      {choice && (
        <ReasonDialog
          title={choice.title}
          body={choice.body}
          label={choice.reasonLabel}
          hint={t('bulk.hint')}
          optional={choice.optional}
          submitVariant={choice.danger ? 'danger' : 'primary'}
          submitLabel={t('bulk.apply', { action: choice.label, count })}
          pending={bulk.isPending}
          send={async (reason) => {
            const ids = selection.selected;
            const names = new Map(ids.map((id) => [id, nameOf(id)]));
            const result = await bulk.mutateAsync({ list, action: choice.action, ids, reason: reason || undefined });
            setReport({ result, names });
            selection.clear();
            return '';
          }}
          onClose={() => setChoice(null)}
          onDone={() => setChoice(null)}
        />
      )}
      {report && (
        <Dialog open onClose={() => setReport(null)} title={t('bulk.reportTitle')} closeLabel={tc('actions.close')}>
          <p className="text-sm text-slate-800" role="status">
            {t('bulk.reportDone', { count: done })}
            {refused.length > 0 && ` ${t('bulk.reportRefused', { count: refused.length })}`}
          </p>
          {refused.length > 0 && (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
              {refused.map((row) => (
                <li key={row.id}>
                  {t('bulk.refusedRow', {
                    name: report.names.get(row.id) ?? row.id,
                    reason: tc(errorCodeKey(row.error?.code)),
                  })}
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      )}
    </>
  );
}
