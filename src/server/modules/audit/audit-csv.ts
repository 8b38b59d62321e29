/**
 * CSV for the audit trail's export (RFC 4180, ADR 049). Written here rather than with a
 * library: quoting is four rules, and the one rule a library would not apply for us is
 * the one that matters — a cell a spreadsheet would run as a formula is defused.
 */

/** First characters that make Excel, LibreOffice or Sheets read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: text a spreadsheet would take for a formula gets a leading apostrophe
 * (OWASP's advice), and a cell holding a quote, comma or line break is quoted with its
 * quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: its cells joined by commas, ended by CRLF. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
