import { createRequire } from 'node:module';
import type { InvoiceDetail, Language } from '@hostpilot/shared';
import PDFDocument from 'pdfkit';
import { documentFormat, storedText, textsOf } from './texts';

const require = createRequire(import.meta.url);
/** DejaVu Sans has Cyrillic; pdfkit embeds the subset of glyphs an invoice uses. */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

/**
 * An invoice as a PDF in `language` (docs/product/screens.md, the invoice page): the seller from the billing
 * settings, the buyer, the lines, the total and the status, and for a pending bank transfer the details to pay
 * it with. Resolves to the file's bytes.
 */
export function renderInvoicePdf(invoice: InvoiceDetail, language: Language): Promise<Buffer> {
  const t = textsOf(language);
  const format = documentFormat(language);
  const title = invoice.paymentDetails ? t('documents.invoice.proForma') : t('documents.invoice.title');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    bufferPages: true,
    info: { Title: `${title} ${invoice.number}`, Author: invoice.seller.name, Subject: invoice.number },
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const money = (amount: { amountMinor: number; currency: string }) =>
    format.money(amount.amountMinor, amount.currency);

  // Heading: the seller's name on the left, the document's title and number on the right.
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(INK)
    .text(invoice.seller.name, MARGIN, MARGIN, { width: width / 2 });
  doc
    .font('bold')
    .fontSize(18)
    .text(title, MARGIN + width / 2, MARGIN, { width: width / 2, align: 'right' })
    .font('body')
    .fontSize(11)
    .fillColor(MUTED)
    .text(t('documents.invoice.number', { number: invoice.number }), { width: width / 2, align: 'right' });

  // Dates and status.
  const facts: Array<[string, string]> = [
    [t('documents.invoice.status'), t(`documents.invoiceStatus.${invoice.status}`)],
    [t('documents.invoice.issued'), format.date(invoice.issuedAt)],
    [t('documents.invoice.due'), format.date(invoice.dueAt)],
    ...(invoice.paidAt
      ? ([[t('documents.invoice.paid'), format.date(invoice.paidAt)]] as Array<[string, string]>)
      : []),
  ];
  let y = MARGIN + 60;
  /** Labels in a column of `labelWidth`, each value beside its label in bold. */
  const labelled = (pairs: Array<[string, string]>, labelWidth: number) => {
    for (const [label, value] of pairs) {
      doc.font('body').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: labelWidth });
      doc
        .font('bold')
        .fillColor(INK)
        .text(value, MARGIN + labelWidth, y, { width: width - labelWidth });
      y += 16;
    }
  };
  labelled(facts, 140);

  // Seller and buyer side by side.
  y += 14;
  const column = (x: number, heading: string, lines: string[]) => {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(MUTED)
      .text(heading, x, y, { width: width / 2 - 10 });
    doc.font('body').fontSize(10).fillColor(INK);
    for (const line of lines) doc.text(line, { width: width / 2 - 10 });
    return doc.y;
  };
  const sellerEnd = column(MARGIN, t('documents.invoice.seller'), [
    invoice.seller.name,
    invoice.seller.address,
    t('documents.invoice.taxId', { taxId: invoice.seller.taxId }),
    invoice.seller.email,
  ]);
  const buyerEnd = column(MARGIN + width / 2 + 10, t('documents.invoice.buyer'), [
    invoice.buyer.name,
    invoice.buyer.email,
  ]);
  y = Math.max(sellerEnd, buyerEnd) + 24;

  // The lines.
  const columns = [
    { label: t('documents.invoice.description'), width: width - 250, align: 'left' as const },
    { label: t('documents.invoice.quantity'), width: 50, align: 'right' as const },
    { label: t('documents.invoice.unitPrice'), width: 100, align: 'right' as const },
    { label: t('documents.invoice.amount'), width: 100, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'body' | 'bold', color: string) => {
    let x = MARGIN;
    let bottom = y;
    cells.forEach((cell, i) => {
      const spec = columns[i]!;
      doc
        .font(font)
        .fontSize(10)
        .fillColor(color)
        .text(cell, x, y, { width: spec.width - 8, align: spec.align });
      bottom = Math.max(bottom, doc.y);
      x += spec.width;
    });
    y = bottom + 6;
    if (y > doc.page.height - MARGIN * 2) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const rule = () => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    y += 6;
  };
  row(
    columns.map((c) => c.label),
    'bold',
    MUTED,
  );
  rule();
  for (const line of invoice.lines) {
    row(
      [storedText(t, format, line.description), String(line.quantity), money(line.unitPrice), money(line.amount)],
      'body',
      INK,
    );
  }
  rule();
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(INK)
    .text(t('documents.invoice.total'), MARGIN, y, { width: width - 100 - 8, align: 'right' })
    .text(money(invoice.total), MARGIN + width - 100, y, { width: 100 - 8, align: 'right' });
  y = doc.y + 24;

  // How to pay a pending bank transfer.
  if (invoice.paymentDetails) {
    const details = invoice.paymentDetails;
    doc.font('bold').fontSize(11).fillColor(INK).text(t('documents.invoice.paymentDetails'), MARGIN, y);
    doc.font('body').fontSize(10).fillColor(MUTED).text(t('documents.invoice.paymentInstructions'), { width });
    y = doc.y + 6;
    labelled(
      [
        [t('documents.invoice.beneficiary'), details.beneficiary],
        [t('documents.invoice.bank'), details.bankName],
        [t('documents.invoice.iban'), details.iban],
        [t('documents.invoice.swift'), details.swift],
        [t('documents.invoice.reference'), details.reference],
      ],
      160,
    );
  }

  // Footer on every page: the time zone of the dates, and the page number.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const bottom = doc.page.height - MARGIN + 10;
    doc.font('body').fontSize(8).fillColor(MUTED);
    doc.text(t('documents.invoice.timesInUtc'), MARGIN, bottom, { width: width / 2, lineBreak: false });
    doc.text(t('documents.invoice.page', { page: i + 1, pages: range.count }), MARGIN + width / 2, bottom, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
