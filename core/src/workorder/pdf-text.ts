import type { PDFFont } from 'pdf-lib';

/** Text for the PDF's standard fonts: what Helvetica can draw, and how wide it is. */

/**
 * Characters Helvetica's WinAnsi encoding lacks, with a readable stand-in.
 * Anything else it lacks is decomposed (ą → a) or, failing that, becomes '?'.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '-', // figure dash
  '\u2015': '-', // horizontal bar
  '\u2212': '-', // minus
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u2715': 'x',
  '\u2717': 'x',
  '\u2022': '\u2022',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': '    ',
  // Letters Unicode does not decompose into a base letter and an accent.
  '\u0141': 'L', // Ł
  '\u0142': 'l', // ł
  '\u0110': 'D', // Đ
  '\u0111': 'd', // đ
  '\u0126': 'H', // Ħ
  '\u0127': 'h', // ħ
  '\u0131': 'i', // dotless i
  '\u0132': 'IJ',
  '\u0133': 'ij',
  '\u0138': 'k', // ĸ
  '\u013f': 'L', // Ŀ
  '\u0140': 'l', // ŀ
  '\u014a': 'N', // Ŋ
  '\u014b': 'n', // ŋ
  '\u0166': 'T', // Ŧ
  '\u0167': 't', // ŧ
  '\u0180': 'b',
  '\u0197': 'I',
  '\u01b5': 'Z',
  '\u01b6': 'z',
};
/** Code point ranges of invisible characters (controls, zero-width, bidi marks, variation selectors, BOM): dropped. */
const INVISIBLE: [number, number][] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  // An emoji's skin tones and the keycap mark belong to the character before them, itself a '?'.
  [0x1f3fb, 0x1f3ff],
  [0x20e3, 0x20e3],
  [0xe0000, 0xe007f],
];
const isInvisible = (code: number) => INVISIBLE.some(([from, to]) => code >= from && code <= to);

/**
 * Text Helvetica can draw: known stand-ins, accents stripped where the letter
 * is missing, '?' for what has no stand-in (emoji, CJK). Line breaks are kept
 * (`\n`), so wrapping can honour them.
 */
export function toPrintable(text: string, supported: ReadonlySet<number>): string {
  // Most text is plain ASCII, which every standard font has.
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0) ?? 0;
    if (isInvisible(code)) continue;
    if (char === '\n' || supported.has(code)) {
      out += char;
      continue;
    }
    const replacement = REPLACEMENTS[char];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += base !== '' && [...base].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? base : '?';
  }
  return out;
}

/** Each font's character widths at size 1, by the font's name (the same for every document). */
const characterWidths = new Map<string, Map<string, number>>();

/**
 * The width of printable text as pdf-lib draws it: the sum of its characters'
 * widths (pdf-lib shows text without kerning, so this is what lands on the page).
 */
export function measure(font: PDFFont, text: string, size: number): number {
  let widths = characterWidths.get(font.name);
  if (!widths) characterWidths.set(font.name, (widths = new Map()));
  let total = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) widths.set(char, (width = font.widthOfTextAtSize(char, 1)));
    total += width;
  }
  return total * size;
}
