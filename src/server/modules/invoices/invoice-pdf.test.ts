import { describe, expect, it } from 'vitest';
import { pence } from '../../../domain/money.ts';
import type { VatDocument } from '../../../domain/vat-document.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { renderVatDocument, winAnsiText } from './invoice-pdf.ts';

const issued = new Date('2026-11-26T10:00:00Z');
const invoice: VatDocument = {
  kind: 'invoice',
  number: 'INV-000007',
  issuedAt: issued,
  suppliedAt: issued,
  orderNumber: 'EB-7K3Q9M2X',
  invoiceNumber: null,
  seller: {
    name: 'Everbloom Gardens Ltd',
    address: ['1 High St', 'London'],
    vat_number: 'GB123456789',
  },
  customer: ['Zoë O’Brien', ') Tj (injected) Tj (', '2 Low St 🌱'],
  lines: [
    {
      description: 'Fern <b>Boston</b> \\ (big)',
      sku: 'FERN-BOS',
      quantity: 2,
      unitPrice: pence(3499),
      gross: pence(6998),
      rateBp: 2000,
      tax: pence(1166),
    },
    {
      description: 'Delivery',
      sku: null,
      quantity: null,
      unitPrice: null,
      gross: pence(499),
      rateBp: 2000,
      tax: pence(83),
    },
  ],
  taxExempt: false,
  reason: null,
};

describe('a VAT document as a PDF', () => {
  it('prints the seller, numbers, lines, VAT and totals in pounds', async () => {
    const text = pdfText(await renderVatDocument(invoice, { compress: false }));
    expect(text).toEqual(
      expect.arrayContaining([
        'Everbloom Gardens Ltd',
        '1 High St',
        'VAT number: GB123456789',
        'VAT invoice',
        'Invoice number: INV-000007',
        'Date of issue: 26 November 2026',
        'Time of supply: 26 November 2026',
        'Order: EB-7K3Q9M2X',
        'Fern <b>Boston</b> \\ (big) (FERN-BOS)',
        '£34.99',
        '£58.32',
        '£11.66',
        '£69.98',
        'VAT at 20%',
        '£62.48',
        '£12.49',
        '£74.97',
      ]),
    );
  });

  it('keeps any text as text: characters the standard fonts lack become ?', async () => {
    const pdf = await renderVatDocument(invoice, { compress: false });
    const text = pdfText(pdf);
    expect(text).toContain('Zoë O’Brien');
    expect(text).toContain(') Tj (injected) Tj (');
    expect(text).toContain('2 Low St ?');
    // pdfkit writes strings hex-encoded: the customer's text never appears raw.
    expect(pdf.toString('latin1')).not.toContain('(injected)');
    expect(winAnsiText('a\nb\u0000c€😀')).toBe('a b c€?');
  });

  it('prints an order outside UK VAT as exempt, and a credit note’s goodwill outside VAT', async () => {
    const exempt = pdfText(
      await renderVatDocument({ ...invoice, taxExempt: true }, { compress: false }),
    );
    expect(exempt).toEqual(expect.arrayContaining(['Exempt', 'Outside UK VAT']));
    expect(exempt.some((line) => line.includes('outside the scope of UK VAT'))).toBe(true);

    const note = pdfText(
      await renderVatDocument(
        {
          ...invoice,
          kind: 'credit_note',
          number: 'CN-000003',
          invoiceNumber: 'INV-000007',
          reason: 'Damaged',
          lines: [
            ...invoice.lines,
            {
              description: 'Goodwill payment',
              sku: null,
              quantity: null,
              unitPrice: null,
              gross: pence(150),
              rateBp: null,
              tax: pence(0),
            },
          ],
        },
        { compress: false },
      ),
    );
    expect(note).toEqual(
      expect.arrayContaining([
        'VAT credit note',
        'Credit note number: CN-000003',
        'Credits invoice: INV-000007',
        'Reason: Damaged',
        'No VAT',
        'Outside the scope of VAT',
        '£1.50',
        'Total credited',
        '£76.47',
      ]),
    );
    expect(note).not.toContain('Time of supply: 26 November 2026');
  });

  it('renders the same document to the same bytes', async () => {
    const [a, b] = await Promise.all([renderVatDocument(invoice), renderVatDocument(invoice)]);
    expect(a.equals(b)).toBe(true);
  });
});
