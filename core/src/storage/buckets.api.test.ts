import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { Storage } from './index';

/** Decision 082: private objects in their own bucket, which no CDN reads; images in the site's. */
describe('the two buckets', () => {
  const inBucket = async (bucket: string, key: string) => {
    try {
      await (await Storage.s3()).send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  };

  it('keeps a private key in the private bucket and an image in the images bucket', async () => {
    const images = Storage.bucket();
    const privates = Storage.bucket('private/x');
    expect(privates).not.toBe(images);
    await Storage.put('private/work-orders/w1/signature.png', new Uint8Array([1, 2, 3]), {
      contentType: 'image/png',
    });
    await Storage.put('images/test/one.png', new Uint8Array([4]), { contentType: 'image/png' });
    expect(await inBucket(privates, 'private/work-orders/w1/signature.png')).toBe(true);
    expect(await inBucket(images, 'private/work-orders/w1/signature.png')).toBe(false);
    expect(await inBucket(images, 'images/test/one.png')).toBe(true);
    expect(await inBucket(privates, 'images/test/one.png')).toBe(false);
    expect([...(await Storage.bytes('private/work-orders/w1/signature.png'))!]).toEqual([1, 2, 3]);
    expect(await Storage.keys('private/work-orders/w1/')).toEqual(['private/work-orders/w1/signature.png']);
  });

  it('moves the private objects an older local data dir kept in the images bucket', async () => {
    // As a stack from before the split stored them: in the one bucket.
    await (
      await Storage.s3()
    ).send(
      new PutObjectCommand({
        Bucket: Storage.bucket(),
        Key: 'private/mail/old attachment.pdf',
        Body: 'old pdf',
        ContentType: 'application/pdf',
      }),
    );
    await Storage.ensureBucket();
    expect(new TextDecoder().decode((await Storage.bytes('private/mail/old attachment.pdf'))!)).toBe(
      'old pdf',
    );
    expect(await inBucket(Storage.bucket(), 'private/mail/old attachment.pdf')).toBe(false);
  });
});
