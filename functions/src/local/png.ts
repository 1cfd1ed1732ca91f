import { deflateSync } from 'node:zlib';

/**
 * A tiny raster canvas and PNG encoder for the seed's demo images (no
 * network, no image library): RGB pixels, anti-aliased shapes drawn from
 * signed distance functions, and an 8-bit truecolor PNG out.
 */
export type Rgb = readonly [number, number, number];

export class Canvas {
  readonly pixels: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 3);
  }

  /** Every pixel from `color(x, y)` (0..255 channels). */
  fill(color: (x: number, y: number) => Rgb): this {
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const [r, g, b] = color(x, y);
        const i = (y * this.width + x) * 3;
        this.pixels[i] = r;
        this.pixels[i + 1] = g;
        this.pixels[i + 2] = b;
      }
    }
    return this;
  }

  /** A gradient from `from` to `to` along the direction (dx, dy). */
  gradient(from: Rgb, to: Rgb, dx = 0, dy = 1): this {
    const length = Math.abs(dx) * this.width + Math.abs(dy) * this.height || 1;
    return this.fill((x, y) => {
      const t = Math.min(
        1,
        Math.max(
          0,
          ((dx >= 0 ? x : this.width - x) * Math.abs(dx) + (dy >= 0 ? y : this.height - y) * Math.abs(dy)) /
            length,
        ),
      );
      return mix(from, to, t);
    });
  }

  /**
   * Paints a shape given by its signed distance (negative inside) over the
   * box [x0, x1) x [y0, y1), anti-aliased over one pixel, with `alpha`.
   */
  shape(
    distance: (x: number, y: number) => number,
    color: Rgb | ((x: number, y: number) => Rgb),
    box: [x0: number, y0: number, x1: number, y1: number],
    alpha = 1,
  ): this {
    const [x0, y0, x1, y1] = box.map(Math.round) as [number, number, number, number];
    for (let y = Math.max(0, y0); y < Math.min(this.height, y1); y += 1) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x1); x += 1) {
        const coverage = Math.min(1, Math.max(0, 0.5 - distance(x + 0.5, y + 0.5))) * alpha;
        if (coverage <= 0) continue;
        const c = typeof color === 'function' ? color(x, y) : color;
        const i = (y * this.width + x) * 3;
        for (let k = 0; k < 3; k += 1) {
          const current = this.pixels[i + k] ?? 0;
          this.pixels[i + k] = current + ((c[k] ?? 0) - current) * coverage;
        }
      }
    }
    return this;
  }

  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1): this {
    return this.shape(
      (x, y) => Math.hypot(x - cx, y - cy) - r,
      color,
      [cx - r - 1, cy - r - 1, cx + r + 2, cy + r + 2],
      alpha,
    );
  }

  ring(cx: number, cy: number, r: number, thickness: number, color: Rgb, alpha = 1): this {
    return this.shape(
      (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - thickness / 2,
      color,
      [cx - r - thickness, cy - r - thickness, cx + r + thickness + 1, cy + r + thickness + 1],
      alpha,
    );
  }

  /** A rectangle with rounded corners of `radius`. */
  roundRect(x: number, y: number, w: number, h: number, radius: number, color: Rgb, alpha = 1): this {
    const cx = x + w / 2;
    const cy = y + h / 2;
    return this.shape(
      (px, py) => {
        const qx = Math.abs(px - cx) - w / 2 + radius;
        const qy = Math.abs(py - cy) - h / 2 + radius;
        return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
      },
      color,
      [x - 1, y - 1, x + w + 2, y + h + 2],
      alpha,
    );
  }

  /** The image as a PNG file. */
  toPng(): Buffer {
    return encodePng(this.width, this.height, (x, y) => {
      const i = (y * this.width + x) * 3;
      return [this.pixels[i] ?? 0, this.pixels[i + 1] ?? 0, this.pixels[i + 2] ?? 0];
    });
  }
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** '#1e3a5f' -> [30, 58, 95] */
export function hex(color: string): Rgb {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG (color type 2), each row filtered with None, Sub or Up, whichever is smallest. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  let previous = Buffer.alloc(stride);
  const row = Buffer.alloc(stride);
  const candidates = [Buffer.alloc(stride), Buffer.alloc(stride), Buffer.alloc(stride)];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      row[x * 3] = clamp(r);
      row[x * 3 + 1] = clamp(g);
      row[x * 3 + 2] = clamp(b);
    }
    let best = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    candidates.forEach((out, filter) => {
      let score = 0;
      for (let i = 0; i < stride; i += 1) {
        const value = row[i] ?? 0;
        const left = i >= 3 ? (row[i - 3] ?? 0) : 0;
        const up = previous[i] ?? 0;
        const filtered = (filter === 0 ? value : filter === 1 ? value - left : value - up) & 0xff;
        out[i] = filtered;
        score += filtered < 128 ? filtered : 256 - filtered;
      }
      if (score < bestScore) {
        bestScore = score;
        best = filter;
      }
    });
    const offset = y * (stride + 1);
    raw[offset] = best;
    candidates[best]?.copy(raw, offset + 1);
    previous = Buffer.from(row);
  }
  // Color type 2: truecolor.
  return pngFile({ width, height, colourType: 2 }, [pngChunk('IDAT', deflateSync(raw, { level: 9 }))]);
}

/** What a PNG's IHDR chunk says; bit depth 8 and no interlace unless told. */
export type PngHeader = {
  width: number;
  height: number;
  colourType: number;
  bitDepth?: number;
  interlace?: number;
};

/** A whole PNG file: the signature, IHDR from `header`, then `chunks` (PLTE, IDAT, ...), then IEND. */
export function pngFile(header: PngHeader, chunks: Uint8Array[]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(header.width, 0);
  ihdr.writeUInt32BE(header.height, 4);
  ihdr[8] = header.bitDepth ?? 8;
  ihdr[9] = header.colourType;
  ihdr[10] = 0; // compression
  ihdr[11] = 0; // filter method
  ihdr[12] = header.interlace ?? 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...chunks,
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function clamp(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}
