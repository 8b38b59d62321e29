/**
 * Products as CSV (ADR 062): one record per variation, the SKU its key. Export writes
 * the columns below; import reads them back with csv-parse, checking every row and
 * naming each problem by its line, before the service compares or writes anything.
 */
import { parse } from 'csv-parse/sync';
import {
  hasMarkup,
  MARKUP_MESSAGE,
  MAX_PRICE,
  TAX_CODES,
  type TaxCode,
} from '../../../domain/api/admin-products.ts';
import { validationError } from '../../../domain/errors.ts';
import { MAX_STOCK_LEVEL } from '../../../domain/stock.ts';
import { csvRow } from '../audit/audit-csv.ts';

export const CSV_COLUMNS = [
  'sku',
  'family_slug',
  'name',
  'category',
  'description',
  'options',
  'price',
  'tax',
  'stock',
  'preorder',
  'restock_date',
  'discontinued',
] as const;

/** Most records one import takes. */
export const MAX_CSV_ROWS = 10_000;

export interface CsvProduct {
  /** The line the record starts on (the header is line 1). */
  line: number;
  sku: string;
  family_slug: string;
  name: string;
  category: string;
  description: string;
  options: Record<string, string>;
  price: number;
  tax: TaxCode;
  stock: number;
  preorder: boolean;
  restock_date: string | null;
  discontinued: boolean;
}

export interface CsvLineError {
  line: number;
  field: string;
  message: string;
}

/** 'Size=60cm; Colour=Grey' ↔ { Size: '60cm', Colour: 'Grey' }. */
export function optionsText(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([option, value]) => `${option}=${value}`)
    .join('; ');
}

/** One exported record. */
export function csvRecord(row: Omit<CsvProduct, 'line'>): string {
  return csvRow([
    row.sku,
    row.family_slug,
    row.name,
    row.category,
    row.description,
    optionsText(row.options),
    row.price,
    row.tax,
    row.stock,
    row.preorder ? 'yes' : 'no',
    row.restock_date ?? '',
    row.discontinued ? 'yes' : 'no',
  ]);
}

export const csvHeader = () => csvRow([...CSV_COLUMNS]);

/** A cell the export defused with an apostrophe (a formula's first character), as typed. */
const undefused = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SKU = /^[A-Z0-9]([A-Z0-9-]{0,38}[A-Z0-9])?$/;
const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n', '']);

/**
 * The records of a CSV text, and every problem by line. A missing or unknown column is a
 * 422 naming `csv` (nothing can be read line by line then).
 */
export function parseProductsCsv(text: string): { rows: CsvProduct[]; errors: CsvLineError[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      trim: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw validationError({
      csv: [`The file is not valid CSV: ${(error as Error).message}`.slice(0, 300)],
    });
  }
  const [head, ...body] = records;
  if (!head) throw validationError({ csv: ['The file is empty: it needs a header line'] });
  const header = head.record.map((cell) => cell.trim().toLowerCase());
  const unknown = header.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  const missing = CSV_COLUMNS.filter((c) => !header.includes(c));
  if (unknown.length > 0 || missing.length > 0) {
    throw validationError({
      csv: [
        [
          unknown.length ? `Unknown columns: ${unknown.join(', ')}.` : '',
          missing.length ? `Missing columns: ${missing.join(', ')}.` : '',
          `The columns are: ${CSV_COLUMNS.join(', ')}.`,
        ]
          .filter(Boolean)
          .join(' '),
      ],
    });
  }
  if (body.length > MAX_CSV_ROWS) {
    throw validationError({ csv: [`Please import ${MAX_CSV_ROWS} rows or fewer at a time`] });
  }
  const rows: CsvProduct[] = [];
  const errors: CsvLineError[] = [];
  for (const { record, info } of body) {
    const line = info.lines;
    const cell = (column: (typeof CSV_COLUMNS)[number]) =>
      undefused((record[header.indexOf(column)] ?? '').trim());
    const fail = (field: string, message: string) => errors.push({ line, field, message });
    const before = errors.length;
    const sku = cell('sku').toUpperCase();
    if (!SKU.test(sku)) fail('sku', 'Please use 1 to 40 letters, digits and hyphens');
    const familySlug = cell('family_slug').toLowerCase();
    if (!SLUG.test(familySlug) || familySlug.length > 100) {
      fail('family_slug', 'Please use lower-case letters, digits and single hyphens');
    }
    const name = cell('name');
    if (!name || name.length > 120) fail('name', 'Please give a name of 1 to 120 characters');
    else if (hasMarkup(name)) fail('name', MARKUP_MESSAGE);
    const category = cell('category');
    if (!category) fail('category', 'Please give a category’s slug');
    const description = cell('description');
    if (description.length > 5000) fail('description', 'Please keep to 5000 characters');
    else if (hasMarkup(description)) fail('description', MARKUP_MESSAGE);
    const options: Record<string, string> = {};
    for (const pair of cell('options')
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const [option = '', ...rest] = pair.split('=');
      const value = rest.join('=').trim();
      if (!option.trim() || !value || option.length > 40 || value.length > 40) {
        fail('options', 'Please write options as Size=60cm; Colour=Grey');
      } else if (hasMarkup(option) || hasMarkup(value)) fail('options', MARKUP_MESSAGE);
      else options[option.trim()] = value;
    }
    const priceText = cell('price');
    const price = Number(priceText);
    if (!/^\d+$/.test(priceText) || price > MAX_PRICE) {
      fail('price', `Please give the price in whole pence including VAT, 0 to ${MAX_PRICE}`);
    }
    const tax = (cell('tax') || 'standard').toLowerCase() as TaxCode;
    if (!TAX_CODES.includes(tax)) fail('tax', `Please give one of ${TAX_CODES.join(', ')}`);
    const stockText = cell('stock') || '0';
    const stock = Number(stockText);
    if (!/^\d+$/.test(stockText) || stock > MAX_STOCK_LEVEL) {
      fail('stock', `Please give a whole number from 0 to ${MAX_STOCK_LEVEL}`);
    }
    const flag = (column: 'preorder' | 'discontinued') => {
      const value = cell(column).toLowerCase();
      if (YES.has(value)) return true;
      if (!NO.has(value)) fail(column, 'Please write yes or no');
      return false;
    };
    const preorder = flag('preorder');
    const discontinued = flag('discontinued');
    const restock = cell('restock_date');
    const date = new Date(`${restock}T00:00:00Z`);
    if (
      restock &&
      (!/^\d{4}-\d{2}-\d{2}$/.test(restock) ||
        Number.isNaN(date.getTime()) ||
        !date.toISOString().startsWith(restock))
    ) {
      fail('restock_date', 'Please give the date as yyyy-mm-dd');
    }
    if (errors.length > before) continue;
    rows.push({
      line,
      sku,
      family_slug: familySlug,
      name,
      category,
      description,
      options,
      price,
      tax,
      stock,
      preorder,
      restock_date: restock || null,
      discontinued,
    });
  }
  const seen = new Map<string, number>();
  for (const row of rows) {
    const first = seen.get(row.sku);
    if (first !== undefined) {
      errors.push({ line: row.line, field: 'sku', message: `${row.sku} is also on line ${first}` });
    } else seen.set(row.sku, row.line);
  }
  return { rows, errors };
}
