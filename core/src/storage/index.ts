import type { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * The image bucket (blog heroes, testimonial avatars). The S3 SDK is loaded
 * on first use: most API requests never touch the bucket, and the SDK is a
 * third of the Lambda bundle, so on AWS it is a chunk of its own that only an
 * upload loads (infra/api.ts `splitting`, functions/src/lambda/bundle.ts).
 */
export namespace Storage {
  let sdkLoading: Promise<S3Sdk> | undefined;
  let client: S3Client | undefined;

  /** The S3 SDK's commands and client, loaded once. */
  export function sdk(): Promise<S3Sdk> {
    sdkLoading ??= import('@aws-sdk/client-s3');
    return sdkLoading;
  }

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

  export function bucket(): string {
    return config().bucketName;
  }

  /** Creates the bucket unless it exists (local stack only; on AWS, SST owns it). */
  export async function ensureBucket(): Promise<void> {
    const { CreateBucketCommand, HeadBucketCommand } = await sdk();
    const s3client = await s3();
    try {
      await s3client.send(new HeadBucketCommand({ Bucket: bucket() }));
    } catch {
      await s3client.send(new CreateBucketCommand({ Bucket: bucket() }));
    }
  }
}
