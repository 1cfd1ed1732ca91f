import { imageUrl } from '@app/core/storage/image-url';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Storage } from '@app/core/storage/index';
import { Images } from '@app/core/storage/images';
import { beforeAll, describe, expect, it } from 'vitest';
import { localImages } from './images';
import { Canvas, hex } from './png';

const server = localImages;
const request = (path: string, init?: RequestInit) => server.request(`http://localhost${path}`, init);

describe('/images/* on the local stack', () => {
  const png = new Canvas(40, 20).gradient(hex('#000000'), hex('#ffffff')).toPng();

  beforeAll(async () => {
    await Storage.ensureBucket();
    expect(await Images.put('test/gradient.png', png)).toBe('/images/test/gradient.png');
    // An object stored with a type we never serve as such.
    await (
      await Storage.s3()
    ).send(
      new PutObjectCommand({
        Bucket: Storage.bucket(),
        Key: 'images/test/sneaky.png',
        Body: '<svg onload="alert(1)"/>',
        ContentType: 'image/svg+xml',
      }),
    );
    await (
      await Storage.s3()
    ).send(new PutObjectCommand({ Bucket: Storage.bucket(), Key: 'secret.png', Body: 'outside the prefix' }));
  });

  it('streams the stored image with its type and cache headers', async () => {
    const response = await request('/images/test/gradient.png');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(png)).toBe(true);
    expect(body.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await request('/images/test/gradient.png');
    const etag = first.headers.get('etag');
    await first.arrayBuffer();
    expect(etag).toBeTruthy();
    const again = await request('/images/test/gradient.png', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('never sends a stored non-image type as such', async () => {
    const response = await request('/images/test/sneaky.png');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.arrayBuffer();
  });

  it.each([
    '/images/test/missing.png',
    '/images/',
    '/images/test/gradient.svg',
    '/images/test/../../secret.png',
    '/images/%2e%2e/secret.png',
    '/images/test/..%2f..%2fsecret.png',
    '/images/test%2f..%2f..%2fsecret.png',
    '/images/.hidden.png',
    '/images/%E0%A4%A.png',
    '/images/test//gradient.png',
  ])('answers 404 { msg } for %s', async (path) => {
    const response = await request(path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ msg: 'Not found.' });
  });
});

describe('imageUrl (image URLs kept in items)', () => {
  it.each(['/images/blog/a.png', 'https://cdn.example.com/a.jpg', 'http://example.com/a.png'])(
    'accepts %s',
    (url) => {
      expect(imageUrl.safeParse(url).success).toBe(true);
    },
  );
  it.each([
    'javascript:alert(1)',
    '//evil.example.com/a.png',
    'data:image/png;base64,AAAA',
    'images/a.png',
    '/\\evil',
  ])('refuses %s', (url) => {
    expect(imageUrl.safeParse(url).success).toBe(false);
  });
});
