import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, read with a real PDF reader (pdf.js), one string per page. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i += 1) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.cleanup();
  return pages;
}

/** A CSV answer's rows, parsed as a spreadsheet program would (the byte-order mark is checked and dropped). */
export function csvRows(bytes: Buffer, delimiter: string): string[][] {
  if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) throw new Error('no UTF-8 byte-order mark');
  return parse(bytes.subarray(3).toString('utf8'), { delimiter, relax_column_count: false }) as string[][];
}
