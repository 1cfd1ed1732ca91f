import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './sniff';

/** A real 1x1 PNG, a real 1x1 GIF89a and the start of a real JPEG (JFIF). */
const png = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const gif89 = Uint8Array.from(Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64'));
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const gif87 = Uint8Array.from([...Buffer.from('GIF87a'), 0x01, 0x00, 0x01, 0x00]);
const text = (value: string) => new TextEncoder().encode(value);

describe('imageTypeOf', () => {
  it('knows PNG, JPEG and both GIFs by their first bytes', () => {
    expect(imageTypeOf(png)).toEqual({ ext: 'png', contentType: 'image/png' });
    expect(imageTypeOf(jpeg)).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toEqual({
      ext: 'jpg',
      contentType: 'image/jpeg',
    });
    expect(imageTypeOf(gif89)).toEqual({ ext: 'gif', contentType: 'image/gif' });
    expect(imageTypeOf(gif87)).toEqual({ ext: 'gif', contentType: 'image/gif' });
  });

  it('goes by the bytes, not the name: a PNG renamed photo.gif is a PNG', () => {
    const upload = { name: 'photo.gif', type: 'image/gif', bytes: png };
    const sniffed = imageTypeOf(upload.bytes);
    expect(sniffed).toEqual({ ext: 'png', contentType: 'image/png' });
    expect(upload.name.endsWith(`.${sniffed?.ext}`)).toBe(false);
    // And a GIF named .png is a GIF.
    expect(imageTypeOf(gif89)?.ext).toBe('gif');
  });

  it('answers null for a file cut short inside its signature, and for an empty one', () => {
    for (let length = 0; length < 8; length += 1)
      expect(imageTypeOf(png.slice(0, length)), `png ${length}`).toBeNull();
    for (let length = 0; length < 3; length += 1)
      expect(imageTypeOf(jpeg.slice(0, length)), `jpeg ${length}`).toBeNull();
    for (let length = 0; length < 6; length += 1)
      expect(imageTypeOf(gif89.slice(0, length)), `gif ${length}`).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it('answers for a file cut short after its signature: it judges the signature only', () => {
    expect(imageTypeOf(png.slice(0, 8))?.ext).toBe('png');
    expect(imageTypeOf(gif89.slice(0, 6))?.ext).toBe('gif');
  });

  it('answers null for text and other kinds of file', () => {
    expect(imageTypeOf(text('hello, world'))).toBeNull();
    expect(
      imageTypeOf(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(imageTypeOf(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(imageTypeOf(text('PNG image, honest'))).toBeNull();
    expect(imageTypeOf(text('GIF88a'))).toBeNull();
    expect(imageTypeOf(text('gif89a'))).toBeNull();
    expect(imageTypeOf(text('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(Uint8Array.from([...text('RIFF'), 0, 0, 0, 0, ...text('WEBPVP8 ')]))).toBeNull();
    // The PNG signature with one byte changed (the line-ending check bytes).
    const mangled = png.slice();
    mangled[4] = 0x0a;
    expect(imageTypeOf(mangled)).toBeNull();
    // JPEG's start with something other than a marker after it.
    expect(imageTypeOf(Uint8Array.from([0xff, 0xd8, 0x00, 0xe0]))).toBeNull();
  });

  it('hands out a fresh answer each time', () => {
    const first = imageTypeOf(png)!;
    first.contentType = 'text/html';
    expect(imageTypeOf(png)?.contentType).toBe('image/png');
  });
});
