import { describe, expect, it } from 'vitest';
import { gifImage, jpegImage, pngImage } from '../../../../tests/images';
import { photoTypeOf } from '../../photo/encode';
import { InspectionInput, orderedItems } from './model';

describe('photoTypeOf: a photo by its first bytes', () => {
  it('takes a JPEG and a PNG whatever they are called', () => {
    expect(photoTypeOf(jpegImage())).toEqual({ ext: 'jpg', contentType: 'image/jpeg' });
    expect(photoTypeOf(pngImage())).toEqual({ ext: 'png', contentType: 'image/png' });
  });

  it.each([
    ['a GIF', gifImage()],
    ['text', new TextEncoder().encode('hello, this is not an image')],
    ['an SVG', new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a WebP', new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')],
    ['a PDF', new TextEncoder().encode('%PDF-1.7\n')],
    ['nothing', new Uint8Array()],
    ['a JPEG cut before its signature ends', Uint8Array.from([0xff, 0xd8])],
    ['a PNG signature one byte short', pngImage().slice(0, 7)],
  ])('refuses %s', (_, bytes) => {
    expect(photoTypeOf(bytes)).toBeNull();
  });
});

describe('the inspection form', () => {
  it('drops a blank note to empty and orders items by category', () => {
    const parsed = InspectionInput.parse({
      items: [
        { category: 'body', condition: 'attention', note: '  Dent on the rear door  ' },
        { category: 'tyres', condition: 'good', note: null },
      ],
    });
    expect(orderedItems(parsed.items)).toEqual([
      { category: 'tyres', condition: 'good', note: '' },
      { category: 'body', condition: 'attention', note: 'Dent on the rear door' },
    ]);
  });

  it('refuses a category twice and an unknown condition', () => {
    expect(
      InspectionInput.safeParse({
        items: [
          { category: 'wipers', condition: 'good' },
          { category: 'wipers', condition: 'fair' },
        ],
      }).success,
    ).toBe(false);
    expect(InspectionInput.safeParse({ items: [{ category: 'wipers', condition: 'bad' }] }).success).toBe(
      false,
    );
  });
});
