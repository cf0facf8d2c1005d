import { describe, expect, it } from 'vitest';
import { csvRows } from '../../test/documents';
import { neutraliseCell, renderStatementCsv } from './statement-csv';

describe('statement CSV', () => {
  it('neutralises every cell a spreadsheet would read as a formula, and leaves the others as they are', () => {
    for (const cell of ['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(neutraliseCell(cell)).toBe(`'${cell}`);
    for (const cell of ['1.50', 'mysite.com', 'a=b', '']) expect(neutraliseCell(cell)).toBe(cell);
  });

  const statement = () => ({
    openingCents: 0,
    currency: 'USD',
    entries: [
      {
        date: '2026-11-20T10:00:00.000Z',
        type: 'service_purchase' as const,
        description: { key: 'transactions.servicePurchase', params: { name: 'Pro', domain: 'a.com' } },
        amountCents: -1250,
        currency: 'USD',
        invoiceNumber: 'INV-2026-0007',
      },
    ],
  });

  it('turns a name chosen to be a formula into text, in the file a spreadsheet opens', () => {
    const csv = renderStatementCsv(
      {
        openingCents: 0,
        currency: 'USD',
        entries: [
          {
            date: '2026-11-20T10:00:00.000Z',
            type: 'service_purchase',
            description: { key: 'transactions.servicePurchase', params: { name: '=HYPERLINK("x")', domain: 'a.com' } },
            amountCents: -1250,
            currency: 'USD',
            invoiceNumber: 'INV-2026-0007',
          },
        ],
      },
      'en',
    );
    const rows = csvRows(Buffer.from(csv, 'utf8'), ',');
    expect(rows[2]).toEqual([
      '2026-11-20 10:00:00',
      'Purchase',
      `'=HYPERLINK("x"): a.com`,
      'INV-2026-0007',
      '',
      '12.50',
      // A negative balance is a number, written as one (issue 31): only text cells get the formula guard.
      '-12.50',
      'USD',
    ]);
    expect(rows.flat().every((cell) => !/^[=+@]/.test(cell))).toBe(true);
    const ru = csvRows(Buffer.from(renderStatementCsv(statement(), 'ru'), 'utf8'), ';');
    expect(ru[2]?.slice(5, 7)).toEqual(['12,50', '-12,50']);
  });
});
