/**
 * A VAT invoice or credit note as a PDF (pdfkit, its standard Helvetica: no browser,
 * no font files, no network). Text is cut down to what the standard fonts' WinAnsi
 * encoding holds (£, €, accented letters, curly quotes…); anything else prints as '?'.
 * pdfkit writes every string hex-encoded, so no text can break out of the document.
 * The creation date is the document's own, so one document always renders the same.
 */
import PDFDocument from 'pdfkit';
import {
  documentMoney,
  documentTitle,
  documentTotals,
  lineNet,
  rateLabel,
  type VatDocument,
} from '../../../domain/vat-document.ts';
import { SHOP_TIME_ZONE } from '../../../domain/uk-days.ts';

/** Characters above 0x7e that WinAnsi (the standard fonts' encoding) holds. */
const WIN_ANSI_EXTRA = new Set(
  '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.split('').map((char) => char.codePointAt(0)!),
);

/** `text` with what the standard fonts cannot print replaced: controls by spaces, the rest by '?'. */
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(code)) out += char;
    else out += '?';
  }
  return out;
}

const day = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);

/** pdfkit options; tests pass `compress: false` to read the text back. */
export interface PdfOptions {
  compress?: boolean;
}

const MARGIN = 50;
const COLUMNS = [
  { key: 'description', title: 'Description', width: 175, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 35, align: 'right' },
  { key: 'unit', title: 'Unit price inc. VAT', width: 60, align: 'right' },
  { key: 'rate', title: 'VAT rate', width: 50, align: 'right' },
  { key: 'net', title: 'Net', width: 60, align: 'right' },
  { key: 'vat', title: 'VAT', width: 55, align: 'right' },
  { key: 'gross', title: 'Total', width: 60, align: 'right' },
] as const;
type Column = (typeof COLUMNS)[number]['key'];

/** Renders `document` as a PDF. */
export function renderVatDocument(
  document: VatDocument,
  options: PdfOptions = {},
): Promise<Buffer> {
  const title = documentTitle(document.kind);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: winAnsiText(`${title} ${document.number}`),
      Author: winAnsiText(document.seller.name),
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const right = pdf.page.width - MARGIN;
  const width = right - MARGIN;
  const say = (text: string) => winAnsiText(text);

  // The seller, and the document's title and numbers beside it.
  pdf.font('Helvetica-Bold').fontSize(14).text(say(document.seller.name), MARGIN, MARGIN);
  pdf.font('Helvetica').fontSize(9);
  for (const line of document.seller.address) pdf.text(say(line));
  pdf.text(say(`VAT number: ${document.seller.vat_number}`));
  const sellerBottom = pdf.y;

  pdf.font('Helvetica-Bold').fontSize(16).text(title, MARGIN, MARGIN, { width, align: 'right' });
  pdf.font('Helvetica').fontSize(9);
  const facts = [
    `${document.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${document.number}`,
    `Date of issue: ${day(document.issuedAt)}`,
    ...(document.kind === 'invoice' ? [`Time of supply: ${day(document.suppliedAt)}`] : []),
    `Order: ${document.orderNumber}`,
    ...(document.invoiceNumber ? [`Credits invoice: ${document.invoiceNumber}`] : []),
  ];
  for (const fact of facts) pdf.text(say(fact), MARGIN, pdf.y, { width, align: 'right' });

  pdf.y = Math.max(sellerBottom, pdf.y) + 16;
  if (document.customer.length > 0) {
    pdf
      .font('Helvetica-Bold')
      .text(document.kind === 'invoice' ? 'Invoice to' : 'Credit to', MARGIN);
    pdf.font('Helvetica');
    for (const line of document.customer) pdf.text(say(line), MARGIN);
    pdf.moveDown();
  }
  if (document.reason) {
    pdf.text(say(`Reason: ${document.reason}`), MARGIN, pdf.y, { width });
    pdf.moveDown();
  }

  // The lines.
  const row = (cells: Record<Column, string>, bold = false) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(
      ...COLUMNS.map((column) =>
        pdf.heightOfString(cells[column.key], { width: column.width - 4 }),
      ),
    );
    if (pdf.y + height > pdf.page.height - MARGIN - 20) pdf.addPage();
    const top = pdf.y;
    let x = MARGIN;
    for (const column of COLUMNS) {
      pdf.text(cells[column.key], x, top, { width: column.width - 4, align: column.align });
      x += column.width;
    }
    pdf.y = top + height + 4;
    pdf.x = MARGIN;
  };
  const rule = () => {
    pdf.moveTo(MARGIN, pdf.y).lineTo(right, pdf.y).lineWidth(0.5).stroke();
    pdf.y += 4;
  };

  row(
    Object.fromEntries(COLUMNS.map((column) => [column.key, column.title])) as Record<
      Column,
      string
    >,
    true,
  );
  rule();
  for (const line of document.lines) {
    row({
      description: say(line.sku ? `${line.description} (${line.sku})` : line.description),
      quantity: line.quantity === null ? '' : String(line.quantity),
      unit: line.unitPrice === null ? '' : documentMoney(line.unitPrice),
      rate: rateLabel(line.rateBp, document.taxExempt),
      net: documentMoney(lineNet(line)),
      vat: documentMoney(line.tax),
      gross: documentMoney(line.gross),
    });
  }
  rule();

  // The VAT at each rate, then the totals.
  const totals = documentTotals(document.lines);
  const blank = { description: '', quantity: '', unit: '', rate: '', net: '', vat: '', gross: '' };
  for (const rate of totals.byRate) {
    row({
      ...blank,
      description: document.taxExempt
        ? 'Outside UK VAT'
        : `VAT at ${rateLabel(rate.rateBp, document.taxExempt)}`,
      net: documentMoney(rate.net),
      vat: documentMoney(rate.tax),
      gross: documentMoney(rate.gross),
    });
  }
  if (totals.outsideVat !== 0) {
    row({
      ...blank,
      description: 'Outside the scope of VAT',
      gross: documentMoney(totals.outsideVat),
    });
  }
  rule();
  row(
    {
      ...blank,
      description: document.kind === 'invoice' ? 'Total' : 'Total credited',
      net: documentMoney(totals.net),
      vat: documentMoney(totals.tax),
      gross: documentMoney(totals.gross),
    },
    true,
  );
  pdf.moveDown();
  pdf
    .font('Helvetica')
    .fontSize(8)
    .text(
      document.taxExempt
        ? 'Supplied outside the scope of UK VAT (delivered outside the UK VAT area).'
        : 'Prices include VAT. Amounts in pounds sterling (GBP).',
      MARGIN,
      pdf.y,
      { width },
    );

  pdf.end();
  return done;
}
