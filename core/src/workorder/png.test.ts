import { deflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it, vi } from 'vitest';
import { pngChunk, pngFile } from '../../../tests/images';
import { acknowledged, workOrder } from '../../../tests/workorder-model';
import { renderWorkOrderPdf } from './pdf';
import { decodePng } from './png';

// The shop's public details are settings read through config() (issue 31); a unit test of the PDF has no
// stack, so it names the sample shop's, as the local stack's defaults do.
vi.mock('../business', async () => {
  const { localBusinessDefaults } = await import('../business-details');
  return { business: { ...localBusinessDefaults, phoneHref: 'tel:+16105550142' } };
});

const CHANNELS = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as const;
type ColourType = keyof typeof CHANNELS;

/** Applies PNG filter `filter` to one row, as an encoder would. */
function filterRow(filter: number, row: Uint8Array, previous: Uint8Array | undefined, bpp: number): number[] {
  const out: number[] = [filter];
  for (let x = 0; x < row.length; x++) {
    const left = x >= bpp ? row[x - bpp]! : 0;
    const up = previous ? previous[x]! : 0;
    const upLeft = previous && x >= bpp ? previous[x - bpp]! : 0;
    const p = left + up - upLeft;
    const paeth =
      Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
        ? left
        : Math.abs(p - up) <= Math.abs(p - upLeft)
          ? up
          : upLeft;
    const predictor = [0, left, up, (left + up) >> 1, paeth][filter]!;
    out.push((row[x]! - predictor) & 0xff);
  }
  return out;
}

/** A PNG of `pixels` (rows of width × channels bytes), each row filtered with the next of `filters`. */
function encodePng(
  width: number,
  height: number,
  colourType: ColourType,
  pixels: Uint8Array,
  options: { filters?: number[]; bitDepth?: number; interlace?: number; extra?: Buffer[] } = {},
): Uint8Array {
  const channels = CHANNELS[colourType];
  const stride = width * channels;
  const filters = options.filters ?? [0];
  const raw: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = pixels.subarray(y * stride, (y + 1) * stride);
    const previous = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : undefined;
    raw.push(...filterRow(filters[y % filters.length]!, row, previous, channels));
  }
  // Two IDAT chunks: a decoder must join them.
  const data = deflateSync(Buffer.from(raw));
  const half = Math.floor(data.length / 2);
  return new Uint8Array(
    pngFile({ width, height, colourType, bitDepth: options.bitDepth, interlace: options.interlace }, [
      ...(options.extra ?? []),
      pngChunk('IDAT', data.subarray(0, half)),
      pngChunk('IDAT', data.subarray(half)),
    ]),
  );
}

/** Deterministic noise, so every filter has something to predict. */
function noise(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out[i] = state >> 16;
  }
  return out;
}

describe('decodePng', () => {
  it('reads RGBA through every row filter, splitting colour and alpha', () => {
    const [width, height] = [37, 10];
    const pixels = noise(width * height * 4);
    const decoded = decodePng(encodePng(width, height, 6, pixels, { filters: [0, 1, 2, 3, 4] }));
    expect(decoded).toBeDefined();
    expect(decoded?.width).toBe(width);
    expect(decoded?.height).toBe(height);
    expect(decoded?.colourChannels).toBe(3);
    const colour = Array.from({ length: width * height }, (_, p) => [
      ...pixels.subarray(p * 4, p * 4 + 3),
    ]).flat();
    const alpha = Array.from({ length: width * height }, (_, p) => pixels[p * 4 + 3]);
    expect([...(decoded?.colour ?? [])]).toEqual(colour);
    expect([...(decoded?.alpha ?? [])]).toEqual(alpha);
  });

  it('reads grey, grey + alpha and RGB; an opaque image has no alpha', () => {
    const grey = noise(12 * 5, 3);
    expect([...(decodePng(encodePng(12, 5, 0, grey, { filters: [4, 1] }))?.colour ?? [])]).toEqual([...grey]);

    const greyAlpha = noise(12 * 5 * 2, 5);
    const decoded = decodePng(encodePng(12, 5, 4, greyAlpha, { filters: [3, 2] }));
    expect(decoded?.colourChannels).toBe(1);
    expect([...(decoded?.colour ?? [])]).toEqual([...greyAlpha].filter((_, i) => i % 2 === 0));
    expect([...(decoded?.alpha ?? [])]).toEqual([...greyAlpha].filter((_, i) => i % 2 === 1));

    const rgb = noise(9 * 4 * 3, 11);
    expect(decodePng(encodePng(9, 4, 2, rgb))?.alpha).toBeUndefined();
    const opaque = noise(9 * 4 * 4, 13).map((value, i) => (i % 4 === 3 ? 255 : value));
    expect(decodePng(encodePng(9, 4, 6, opaque))?.alpha).toBeUndefined();
  });

  it('leaves palettes, 16-bit, interlaced and broken files to the fallback', () => {
    const palette = encodePng(4, 4, 3, new Uint8Array(16), {
      extra: [pngChunk('PLTE', new Uint8Array([0, 0, 0, 255, 0, 0]))],
    });
    expect(decodePng(palette)).toBeUndefined();
    expect(decodePng(encodePng(4, 4, 6, new Uint8Array(4 * 4 * 8), { bitDepth: 16 }))).toBeUndefined();
    expect(decodePng(encodePng(4, 4, 6, noise(64), { interlace: 1 }))).toBeUndefined();
    expect(decodePng(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    const good = encodePng(8, 8, 6, noise(8 * 8 * 4));
    expect(decodePng(good.subarray(0, good.length - 30))).toBeUndefined();
    const lying = Buffer.from(good);
    lying.writeUInt32BE(4000, 16); // IHDR claims a wider image than the data holds
    expect(decodePng(lying)).toBeUndefined();
  });
});

describe('the signature in the PDF', () => {
  const order = workOrder({ acknowledgment: acknowledged }, { labor: 0, parts: 0 });

  async function images(pdf: Uint8Array) {
    const document = await PDFDocument.load(pdf);
    const xObjects = document.getPages()[0]?.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    return (xObjects?.values() ?? [])
      .map((ref) => document.context.lookup(ref))
      .filter((object) => object instanceof PDFRawStream)
      .map((stream) => ({
        width: stream.dict.get(PDFName.of('Width'))?.toString(),
        colourSpace: stream.dict.get(PDFName.of('ColorSpace'))?.toString(),
        masked: stream.dict.has(PDFName.of('SMask')),
      }));
  }

  it('is an RGB image with its alpha as a soft mask (the pad draws on a transparent ground)', async () => {
    const png = encodePng(50, 20, 6, noise(50 * 20 * 4));
    expect(await images(await renderWorkOrderPdf(order, { signaturePng: png }))).toEqual([
      { width: '50', colourSpace: '/DeviceRGB', masked: true },
    ]);
  });

  it('still shows a palette PNG, through pdf-lib', async () => {
    const png = encodePng(4, 4, 3, new Uint8Array(16).fill(1), {
      extra: [pngChunk('PLTE', new Uint8Array([0, 0, 0, 20, 30, 40]))],
    });
    const found = await images(await renderWorkOrderPdf(order, { signaturePng: png }));
    expect(found).toHaveLength(1);
    expect(found[0]?.width).toBe('4');
  });
});
