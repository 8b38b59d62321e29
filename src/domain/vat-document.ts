/**
 * VAT invoices and credit notes as documents (ADR 071): what one prints, built from
 * figures stored when it was issued, and the sums it shows. Rendering (PDF) is the
 * server's; this module holds no I/O so the figures can be tested on their own.
 */
import { formatPence, pence, type Pence } from './money.ts';

/** The shop as it names itself on its VAT documents (configuration). */
export interface DocumentSeller {
  name: string;
  /** Address lines, in order. */
  address: string[];
  /** The shop's VAT registration number, e.g. GB123456789. */
  vat_number: string;
}

/** One line of a document: an item, the delivery charge or a goodwill amount. */
export interface DocumentLine {
  description: string;
  sku: string | null;
  quantity: number | null;
  /** The price of one unit after discounts (VAT inclusive), when the line has units. */
  unitPrice: Pence | null;
  /** The line's amount, VAT inclusive. */
  gross: Pence;
  /** Its VAT rate in basis points (2000 = 20%), or null for an amount outside VAT. */
  rateBp: number | null;
  /** The VAT within `gross`. */
  tax: Pence;
}

/** A VAT invoice or credit note, as issued. */
export interface VatDocument {
  kind: 'invoice' | 'credit_note';
  /** INV-000001 or CN-000001. */
  number: string;
  issuedAt: Date;
  /** The time of supply (the invoice: when the order was paid). */
  suppliedAt: Date;
  orderNumber: string;
  /** A credit note's invoice, when the order has one. */
  invoiceNumber: string | null;
  seller: DocumentSeller;
  /** The customer's name and address lines, when known. */
  customer: string[];
  lines: DocumentLine[];
  /** The order was outside UK VAT (its delivery zone): every line at 0. */
  taxExempt: boolean;
  /** A credit note's reason. */
  reason: string | null;
}

/** The VAT at one rate. */
export interface RateTotal {
  rateBp: number;
  net: Pence;
  tax: Pence;
  gross: Pence;
}

/** A document's totals: net, VAT and gross, and the VAT at each rate (highest first). */
export interface DocumentTotals {
  net: Pence;
  tax: Pence;
  gross: Pence;
  byRate: RateTotal[];
  /** Amounts outside VAT (a goodwill payment), if any. */
  outsideVat: Pence;
}

/** The net amount of a line: its gross less its VAT. */
export const lineNet = (line: DocumentLine): Pence => pence(line.gross - line.tax);

/** Sums a document's lines: every total is the sum of the lines printed above it. */
export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const rates = new Map<number, { net: number; tax: number; gross: number }>();
  let outsideVat = 0;
  let gross = 0;
  let tax = 0;
  for (const line of lines) {
    gross += line.gross;
    tax += line.tax;
    if (line.rateBp === null) {
      outsideVat += line.gross;
      continue;
    }
    const at = rates.get(line.rateBp) ?? { net: 0, tax: 0, gross: 0 };
    at.net += line.gross - line.tax;
    at.tax += line.tax;
    at.gross += line.gross;
    rates.set(line.rateBp, at);
  }
  const byRate = [...rates.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, at]) => ({
      rateBp,
      net: pence(at.net),
      tax: pence(at.tax),
      gross: pence(at.gross),
    }));
  return {
    net: pence(gross - tax),
    tax: pence(tax),
    gross: pence(gross),
    byRate,
    outsideVat: pence(outsideVat),
  };
}

/** A rate as printed: '20%', '5%', '0%', or 'Exempt' / 'No VAT'. */
export function rateLabel(rateBp: number | null, taxExempt = false): string {
  if (rateBp === null) return 'No VAT';
  if (taxExempt) return 'Exempt';
  const percent = rateBp / 100;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2)}%`;
}

/** Pence as printed on a document: £0.00 (never 'FREE'), -£1.00. */
export const documentMoney = (amount: number): string => formatPence(pence(amount));

/** The document's title. */
export const documentTitle = (kind: VatDocument['kind']): string =>
  kind === 'invoice' ? 'VAT invoice' : 'VAT credit note';

/** A document number from its sequence value: INV-000001, CN-000042 (never cut short). */
export function documentNumber(kind: VatDocument['kind'], value: number): string {
  return `${kind === 'invoice' ? 'INV' : 'CN'}-${String(value).padStart(6, '0')}`;
}
