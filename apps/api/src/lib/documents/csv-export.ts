import { Readable } from 'node:stream';
import type { Language } from '@hostpilot/shared';
import { stringify } from 'csv-stringify/sync';
import { BOM, CONVENTIONS, neutraliseCell } from './statement-csv';

/** `attachment; filename=...` with the plain name and its UTF-8 form (RFC 6266), so any name survives. */
export function attachment(fileName: string): string {
  const plain = fileName.replace(/[^\w.-]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** How many rows an export reads at a time: memory stays flat however many rows match. */
export const EXPORT_BATCH = 500;

/**
 * A back-office export as a CSV stream (docs/decisions/027-back-office-actions-and-audit.md), written the way
 * statements are (docs/decisions/026-invoice-and-statement-documents.md): UTF-8 with a byte-order mark, the
 * language's delimiter, formula cells neutralised. `pages` yields rows batch by batch as they are read.
 */
export function csvStream(language: Language, heading: string[], pages: AsyncIterable<string[][]>): Readable {
  const { delimiter } = CONVENTIONS[language];
  const text = (rows: string[][]) =>
    stringify(
      rows.map((row) => row.map(neutraliseCell)),
      { delimiter, record_delimiter: 'windows' },
    );
  async function* chunks() {
    yield BOM + text([heading]);
    for await (const rows of pages) if (rows.length > 0) yield text(rows);
  }
  return Readable.from(chunks());
}

/** Reads `read(limit, offset)` batch by batch until a batch comes back short. */
export async function* batches<Row>(read: (limit: number, offset: number) => Promise<Row[]>): AsyncGenerator<Row[]> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await read(EXPORT_BATCH, offset);
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}
