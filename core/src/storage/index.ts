import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';

/** The image bucket (blog heroes, testimonial avatars). */
export namespace Storage {
  let client: S3Client | undefined;

  export function s3(): S3Client {
    const cfg = config();
    client ??= new S3Client({
      region: cfg.region,
      // Checksums only where S3 requires them: the SDK's default sends stream bodies
      // `aws-chunked` (which the local stand-in stores verbatim) and signs presigned
      // PUTs with the CRC32 of an empty body (which real S3 rejects). See LOCAL-STACK.md.
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
    try {
      await s3().send(new HeadBucketCommand({ Bucket: bucket() }));
    } catch {
      await s3().send(new CreateBucketCommand({ Bucket: bucket() }));
    }
  }
}
