/**
 * The text of a PDF made by pdfkit with its standard fonts, line by line, for tests:
 * each content stream (inflated when compressed), each text object's strings joined.
 * Enough for pdfkit's own output (hex strings in TJ arrays, WinAnsi bytes), not a parser.
 */
import { inflateSync } from 'node:zlib';

/** WinAnsi's bytes 0x80–0x9f (the rest match Latin-1). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    text += code >= 0x80 && code < 0xa0 ? WIN_ANSI_HIGH[code - 0x80] : String.fromCharCode(code);
  }
  return text;
}

/** The PDF's text lines, in drawing order. */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source)) !== null) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1]!.includes('FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.match(/BT[^]*?ET/g) ?? []) {
      const strings = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decodeHex(m[1]!));
      if (strings.length > 0) lines.push(strings.join(''));
    }
  }
  return lines;
}
