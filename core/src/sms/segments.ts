/**
 * How many SMS segments a text takes (issue 21: each notice one GSM-7 segment
 * where possible). A text made only of the GSM 03.38 default alphabet goes as
 * GSM-7: 160 septets in one segment, 153 a segment when split; the extension
 * table's characters take two septets. Any other character sends the whole
 * text as UCS-2: 70 UTF-16 units in one segment, 67 a segment when split.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type Encoding = 'GSM-7' | 'UCS-2';

/** The septets a text takes in GSM-7, or undefined when one of its characters is not in GSM-7. */
function septets(text: string): number | undefined {
  let count = 0;
  for (const char of text) {
    if (basic.has(char)) count += 1;
    else if (extension.has(char)) count += 2;
    else return undefined;
  }
  return count;
}

export function smsEncoding(text: string): Encoding {
  return septets(text) === undefined ? 'UCS-2' : 'GSM-7';
}

/** The number of segments `text` is sent in (0 for an empty text). */
export function segmentCount(text: string): number {
  const gsm = septets(text);
  if (gsm !== undefined) return gsm === 0 ? 0 : gsm <= 160 ? 1 : Math.ceil(gsm / 153);
  const units = text.length;
  return units <= 70 ? 1 : Math.ceil(units / 67);
}
