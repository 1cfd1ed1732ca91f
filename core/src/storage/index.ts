import type { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { onFirstUse } from '../util/aws';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * The one S3 module (decision 052): public images (`images/`, through
 * core/src/storage/images.ts) and private objects such as work-order
 * signatures (`private/`) are put, read and removed through the verbs here.
 * They live in two buckets (decision 082): a key under `private/` is in the
 * private bucket, which no CDN reads; any other key in the images bucket,
 * which the site's CDN serves. Callers name keys only. The S3 SDK is loaded on first use: most API
 * requests never touch the bucket, and the SDK is a third of the Lambda
 * bundle, so on AWS it is a chunk of its own that only an upload loads
 * (infra/api.ts `splitting`, functions/src/lambda/bundle.ts).
 */
export namespace Storage {
  let client: S3Client | undefined;

  /** The S3 SDK's commands and client, loaded once. */
  const sdk: () => Promise<S3Sdk> = onFirstUse(() => import('@aws-sdk/client-s3'));

  export async function s3(): Promise<S3Client> {
    const { S3Client } = await sdk();
    const cfg = config();
    client ??= new S3Client({
      region: cfg.region,
      // Checksums only where S3 requires them: the SDK's default sends stream bodies
      // `aws-chunked` (which the local stand-in stores verbatim) and signs presigned
      // PUTs with the CRC32 of an empty body (which real S3 rejects). See decision 002.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(cfg.mode === 'local'
        ? {
            endpoint: cfg.endpoints.s3,
            forcePathStyle: true,
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          }
        : {}),
    });
    return client;
  }

  /** The key prefix of the private objects: they live in the private bucket. */
  export const PRIVATE_PREFIX = 'private/';

  /** The bucket that holds `key`: the private one for `private/…`, the images bucket otherwise. */
  export function bucket(key = ''): string {
    const cfg = config();
    return key.startsWith(PRIVATE_PREFIX) ? cfg.privateBucketName : cfg.bucketName;
  }

  /**
   * Creates both buckets unless they exist (local stack only; on AWS, SST owns
   * them). A data dir made before the private bucket (decision 082) has its
   * private objects in the images bucket: they are moved over, once.
   */
  export async function ensureBucket(): Promise<void> {
    const { CreateBucketCommand, HeadBucketCommand } = await sdk();
    const s3client = await s3();
    for (const name of [bucket(), bucket(PRIVATE_PREFIX)]) {
      try {
        await s3client.send(new HeadBucketCommand({ Bucket: name }));
      } catch {
        await s3client.send(new CreateBucketCommand({ Bucket: name }));
      }
    }
    await movePrivateObjects();
  }

  /** Moves `private/…` objects left in the images bucket by an older local stack to the private bucket. */
  async function movePrivateObjects(): Promise<number> {
    const { CopyObjectCommand, DeleteObjectCommand, ListObjectsV2Command } = await sdk();
    const s3client = await s3();
    const from = bucket();
    let moved = 0;
    for (;;) {
      const page = await s3client.send(
        new ListObjectsV2Command({ Bucket: from, Prefix: PRIVATE_PREFIX, MaxKeys: 100 }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      if (keys.length === 0) return moved;
      for (const key of keys) {
        await s3client.send(
          new CopyObjectCommand({
            Bucket: bucket(key),
            Key: key,
            CopySource: `${from}/${key.split('/').map(encodeURIComponent).join('/')}`,
          }),
        );
        await s3client.send(new DeleteObjectCommand({ Bucket: from, Key: key }));
        moved += 1;
      }
    }
  }

  /** Stores `body` under `key`, replacing any object there. */
  export async function put(
    key: string,
    body: Uint8Array,
    options: { contentType: string; cacheControl?: string },
  ): Promise<void> {
    const { PutObjectCommand } = await sdk();
    await (
      await s3()
    ).send(
      new PutObjectCommand({
        Bucket: bucket(key),
        Key: key,
        Body: body,
        ContentType: options.contentType,
        ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      }),
    );
  }

  /** An object as read: its body and what S3 keeps beside it. */
  export type Found = {
    body: ReadableStream;
    contentType?: string;
    contentLength?: number;
    cacheControl?: string;
    etag?: string;
    lastModified?: Date;
  };

  async function read(key: string) {
    const { GetObjectCommand } = await sdk();
    try {
      const object = await (await s3()).send(new GetObjectCommand({ Bucket: bucket(key), Key: key }));
      return object.Body ? { ...object, Body: object.Body } : null;
    } catch (error) {
      const kind = (error as Error).name;
      if (kind === 'NoSuchKey' || kind === 'NotFound') return null;
      throw error;
    }
  }

  /** The object under `key` as a stream, or null when there is none. */
  export async function get(key: string): Promise<Found | null> {
    const object = await read(key);
    if (!object) return null;
    return {
      body: object.Body.transformToWebStream(),
      contentType: object.ContentType,
      contentLength: object.ContentLength,
      cacheControl: object.CacheControl,
      etag: object.ETag,
      lastModified: object.LastModified,
    };
  }

  /** The bytes of the object under `key`, or null when there is none. */
  export async function bytes(key: string): Promise<Uint8Array | null> {
    const object = await read(key);
    return object ? object.Body.transformToByteArray() : null;
  }

  /** Removes the object under `key` (nothing when there is none). */
  export async function remove(key: string): Promise<void> {
    const { DeleteObjectCommand } = await sdk();
    await (await s3()).send(new DeleteObjectCommand({ Bucket: bucket(key), Key: key }));
  }

  /** The keys below `prefix`, in key order, at most `limit` (tests and support). */
  export async function keys(prefix: string, limit = 1000): Promise<string[]> {
    const { ListObjectsV2Command } = await sdk();
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await (
        await s3()
      ).send(new ListObjectsV2Command({ Bucket: bucket(prefix), Prefix: prefix, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token && found.length < limit);
    return found.slice(0, limit);
  }
}
