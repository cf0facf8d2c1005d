import { parse } from 'csv-parse/sync';

// pdf.js expects Promise.withResolvers (Node 22); Node 20, which this project runs on, lacks it.
if (!('withResolvers' in Promise)) {
  Object.assign(Promise, {
    withResolvers<T>() {
      let resolve!: (value: T) => void;
      let reject!: (reason: unknown) => void;
      const promise = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      return { promise, resolve, reject };
    },
  });
}
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

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
