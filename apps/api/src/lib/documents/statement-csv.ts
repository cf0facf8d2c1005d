import type { Language, LedgerEntryType, MessageParams } from '@hostpilot/shared';
import { stringify } from 'csv-stringify/sync';
import { storedText, textsOf, documentFormat } from './texts';

/** One line of a statement: a ledger entry with its words and its invoice (billing.repository.ts reads them). */
export interface StatementEntry {
  date: string;
  type: LedgerEntryType;
  description: { key: string; params: MessageParams };
  amountCents: number;
  currency: string;
  invoiceNumber: string | null;
}

/** The byte-order mark that tells spreadsheet programs the file is UTF-8, so Russian text opens as written. */
export const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would read as a formula (it starts with =, +, - or @, or a tab or carriage return that
 * some programs skip) gets a leading apostrophe, so it shows as the text it is: a domain or service name
 * cannot become a formula in the customer's spreadsheet (CSV injection).
 */
export function neutraliseCell(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A number the writer prints as it is (an amount, a balance): it is no text a person typed (issue 31). */
export interface NumberCell {
  number: string;
}

/** A typed cell of a CSV file: text gets the formula guard, a number is written as the number it is. */
export type CsvCell = string | NumberCell;

export function csvCell(cell: CsvCell): string {
  return typeof cell === 'string' ? neutraliseCell(cell) : cell.number;
}

/**
 * Each language's spreadsheet conventions: English programs split on commas and read a point as the decimal
 * separator; Russian ones split on semicolons and read a comma (docs/decisions/026-invoice-and-statement-documents.md).
 */
export const CONVENTIONS: Record<Language, { delimiter: string; decimal: string }> = {
  en: { delimiter: ',', decimal: '.' },
  ru: { delimiter: ';', decimal: ',' },
};

/**
 * A statement of the ledger for a period as CSV text: an opening balance, one row per entry (date, type,
 * description, invoice, credit, charge, the balance after it, currency) and a closing balance. Credits and
 * charges are separate columns of positive amounts, as bank statements print them.
 */
export function renderStatementCsv(
  statement: { openingCents: number; entries: StatementEntry[]; currency: string },
  language: Language,
): string {
  const t = textsOf(language);
  const format = documentFormat(language);
  const { delimiter, decimal } = CONVENTIONS[language];
  const amount = (cents: number): NumberCell => {
    const sign = cents < 0 ? '-' : '';
    const abs = Math.abs(cents);
    return { number: `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}` };
  };
  const rows: CsvCell[][] = [
    [
      t('documents.statement.date'),
      t('documents.statement.type'),
      t('documents.statement.description'),
      t('documents.statement.invoice'),
      t('documents.statement.credit'),
      t('documents.statement.charge'),
      t('documents.statement.balance'),
      t('documents.statement.currency'),
    ],
  ];
  let balance = statement.openingCents;
  rows.push(['', '', t('documents.statement.opening'), '', '', '', amount(balance), statement.currency]);
  for (const entry of statement.entries) {
    balance += entry.amountCents;
    rows.push([
      entry.date.slice(0, 19).replace('T', ' '),
      t(`documents.entryTypes.${entry.type}`),
      storedText(t, format, entry.description),
      entry.invoiceNumber ?? '',
      entry.amountCents > 0 ? amount(entry.amountCents) : '',
      entry.amountCents < 0 ? amount(-entry.amountCents) : '',
      amount(balance),
      entry.currency,
    ]);
  }
  rows.push(['', '', t('documents.statement.closing'), '', '', '', amount(balance), statement.currency]);
  return (
    BOM +
    stringify(
      rows.map((row) => row.map(csvCell)),
      { delimiter, record_delimiter: 'windows' },
    )
  );
}
