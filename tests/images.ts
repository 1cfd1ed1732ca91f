import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { Canvas, pngChunk, pngFile } from '../functions/src/local/png';

/** The seed's PNG chunk and file writers, for tests that build a PNG chunk by chunk. */
export { pngChunk, pngFile } from '../functions/src/local/png';

/**
 * Real, tiny images made in code for the upload tests (no binary files in
 * git): a PNG from the seed's encoder, a baseline JPEG and a GIF89a built
 * byte by byte. Each is a complete file a browser decodes, not just a
 * signature.
 */

/** A w x h PNG of one colour. */
export function pngImage(w = 4, h = 4, rgb: [number, number, number] = [200, 30, 30]): Uint8Array {
  return new Uint8Array(new Canvas(w, h).fill(() => rgb).toPng());
}

/**
 * A signature pad's PNG: `width` x `height` RGBA, transparent but for a
 * black stroke whose opaque pixels in column x (`margin` <= x < width -
 * `margin`) are at the rows `stroke(x)`.
 */
export function signaturePng(
  width: number,
  height: number,
  margin: number,
  stroke: (x: number) => number[],
): Uint8Array {
  const row = width * 4 + 1; // a filter byte, then RGBA pixels
  const raw = Buffer.alloc(row * height);
  for (let x = margin; x < width - margin; x++) for (const y of stroke(x)) raw[y * row + 1 + x * 4 + 3] = 255;
  // Color type 6: RGBA.
  return new Uint8Array(pngFile({ width, height, colourType: 6 }, [pngChunk('IDAT', deflateSync(raw))]));
}

/**
 * An 8x8 grey baseline JPEG (JFIF): one 8-bit component, quantisation all 1s,
 * Huffman tables with one 1-bit code each (DC category 0, AC end-of-block),
 * so the one block's entropy data is the bits 0 0 padded with 1s: 0x3F.
 */
export function jpegImage(): Uint8Array {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const jfif = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0]);
  const dqt = segment(0xdb, [0x00, ...Array<number>(64).fill(1)]);
  const sof0 = segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]);
  const counts = (length1: number) => [length1, ...Array<number>(15).fill(0)];
  const dhtDc = segment(0xc4, [0x00, ...counts(1), 0x00]);
  const dhtAc = segment(0xc4, [0x10, ...counts(1), 0x00]);
  const sos = segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  return Uint8Array.from([
    0xff,
    0xd8,
    ...jfif,
    ...dqt,
    ...sof0,
    ...dhtDc,
    ...dhtAc,
    ...sos,
    0x3f,
    0xff,
    0xd9,
  ]);
}

/** A 1x1 GIF89a of one colour (a two-colour global palette; LZW data of the one pixel). */
export function gifImage(rgb: [number, number, number] = [30, 120, 200]): Uint8Array {
  return Uint8Array.from([
    ...new TextEncoder().encode('GIF89a'),
    1,
    0,
    1,
    0, // width, height
    0x80,
    0,
    0, // global colour table of 2 entries, background 0, aspect 0
    ...rgb,
    0,
    0,
    0,
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // image descriptor
    0x02,
    0x02,
    0x44,
    0x01,
    0x00, // LZW minimum code size 2, one 2-byte block, end
    0x3b,
  ]);
}

/** An upload as a File. */
export const imageFile = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

/** A multipart body of text fields and an optional file. */
export function formOf(fields: Record<string, string>, file?: { field: string; file: File }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set(file.field, file.file);
  return form;
}

/** The keys of the uploaded images in this test file's bucket (each API test file has a bucket of its own). */
export async function uploadedKeys(): Promise<string[]> {
  const { Storage } = await import('@app/core/storage/index');
  return (await Storage.keys('images/uploads/')).sort();
}

/** A PNG of noise, as large as a phone's photo and hardly compressible (over 4 MB at 2400×1800). */
export function cameraPng(width: number, height: number): Buffer {
  const noise = randomBytes(width * height * 3);
  return new Canvas(width, height)
    .fill((x, y) => {
      const at = (y * width + x) * 3;
      return [noise[at] ?? 0, noise[at + 1] ?? 0, noise[at + 2] ?? 0];
    })
    .toPng();
}

/** A photo from a phone's camera: a `width` x `height` JPEG of a gradient (sharp), with EXIF. */
export async function cameraJpeg(width = 2400, height = 1800): Promise<Uint8Array> {
  // eslint-disable-next-line import-x/no-extraneous-dependencies -- core's and functions' own sharp (hoisted), as their upload paths use it.
  const { default: sharp } = await import('sharp');
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      raw.set([(x * 255) / width, (y * 255) / height, 128], (y * width + x) * 3);
  return new Uint8Array(
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .withMetadata({
        exif: {
          IFD0: { Make: 'TestPhone' },
          // Where it was taken: a driveway in West Chester, PA (issue 34: never kept).
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '39/1 57/1 3/1',
            GPSLongitudeRef: 'W',
            GPSLongitude: '75/1 36/1 20/1',
          },
        },
      })
      .toBuffer(),
  );
}
