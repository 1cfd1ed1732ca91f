import { describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_BYTES, pngDimensions, signatureMessages, signaturePng } from './signature';

/** A PNG's signature and IHDR chunk (all the check reads), then a few bytes of data. */
function png(w: number, h: number): Uint8Array {
  const bytes = new Uint8Array(8 + 25 + 12);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13);
  bytes.set(
    [...'IHDR'].map((c) => c.charCodeAt(0)),
    12,
  );
  view.setUint32(16, w);
  view.setUint32(20, h);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}
const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;

describe('a drawn signature', () => {
  it('is a PNG judged by its bytes, with its size read from the IHDR chunk', () => {
    const bytes = png(500, 200);
    expect(pngDimensions(bytes)).toEqual({ width: 500, height: 200 });
    expect(Buffer.from(signaturePng(dataUrl(bytes))).equals(Buffer.from(bytes))).toBe(true);
    // The label's case and line breaks in the base64 do not matter.
    const wrapped = `DATA:IMAGE/PNG;BASE64,${Buffer.from(bytes)
      .toString('base64')
      .replace(/(.{60})/g, '$1\n')}`;
    expect(signaturePng(wrapped)).toHaveLength(bytes.length);
  });

  it('refuses another type, a false label, broken base64, a cut file and absurd dimensions', () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    for (const url of [
      'data:image/jpeg;base64,/9j/4AAQ',
      `data:image/png;base64,${gif.toString('base64')}`,
      'data:image/png;base64,@@@@',
      'data:image/png;base64,abc',
      dataUrl(png(10, 10).subarray(0, 20)),
      'not a data url',
    ]) {
      expect(() => signaturePng(url), url).toThrow(signatureMessages.notPng);
    }
    expect(() => signaturePng(dataUrl(png(2001, 10)))).toThrow(signatureMessages.badSize);
    expect(() => signaturePng(dataUrl(png(10, 1001)))).toThrow(signatureMessages.badSize);
    expect(signaturePng(dataUrl(png(2000, 1000))).length).toBeGreaterThan(0);
  });

  it('is at most 1 MB (413)', () => {
    const big = new Uint8Array(SIGNATURE_MAX_BYTES + 1);
    big.set(png(10, 10).subarray(0, 33));
    expect(() => signaturePng(dataUrl(big))).toThrow(
      expect.objectContaining({ kind: 'too_large', message: signatureMessages.tooLarge }),
    );
  });
});
