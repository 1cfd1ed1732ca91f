import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Canvas, encodePng, hex, type Rgb } from './png';

/** Reads back an 8-bit RGB PNG written by encodePng (filters None, Sub, Up). */
function decode(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
    }
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 3;
  expect(raw.length).toBe((stride + 1) * height);
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i += 1) {
      const value = raw[y * (stride + 1) + 1 + i] ?? 0;
      const left = i >= 3 ? (pixels[y * stride + i - 3] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0;
      pixels[y * stride + i] = (filter === 0 ? value : filter === 1 ? value + left : value + up) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe('encodePng', () => {
  it('writes a PNG whose pixels read back exactly', () => {
    const pixel = (x: number, y: number): Rgb => [(x * 37) % 256, (y * 91) % 256, (x * y) % 256];
    const { width, height, pixels } = decode(encodePng(17, 9, pixel));
    expect([width, height]).toEqual([17, 9]);
    for (let y = 0; y < 9; y += 1) {
      for (let x = 0; x < 17; x += 1) {
        const i = (y * 17 + x) * 3;
        expect([pixels[i], pixels[i + 1], pixels[i + 2]]).toEqual(pixel(x, y));
      }
    }
  });

  it('draws anti-aliased shapes on a canvas', () => {
    const png = new Canvas(20, 20)
      .fill(() => hex('#000000'))
      .circle(10, 10, 5, hex('#ffffff'))
      .toPng();
    const { pixels } = decode(png);
    const at = (x: number, y: number) => pixels[(y * 20 + x) * 3];
    expect(at(10, 10)).toBe(255);
    expect(at(0, 0)).toBe(0);
    // An edge pixel is a blend.
    const edge = at(13, 13) ?? 0;
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);
  });
});
