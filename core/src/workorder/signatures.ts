import { assertAdmin } from '../actor';
import { Storage } from '../storage/index';
import { find } from './store';

/** Signatures live under this prefix: never `images/`, which the CDN and the local server serve. */
export const SIGNATURE_PREFIX = 'private/work-orders/';

export async function putObject(key: string, bytes: Uint8Array): Promise<void> {
  const { PutObjectCommand } = await Storage.sdk();
  await (
    await Storage.s3()
  ).send(new PutObjectCommand({ Bucket: Storage.bucket(), Key: key, Body: bytes, ContentType: 'image/png' }));
}

export async function readObject(key: string): Promise<Uint8Array | undefined> {
  const { GetObjectCommand } = await Storage.sdk();
  try {
    const { Body } = await (
      await Storage.s3()
    ).send(new GetObjectCommand({ Bucket: Storage.bucket(), Key: key }));
    return Body ? await Body.transformToByteArray() : undefined;
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', msg: 'signature not readable', key, error: String(error) }),
    );
    return undefined;
  }
}

export async function deleteObject(key: string): Promise<void> {
  const { DeleteObjectCommand } = await Storage.sdk();
  await (
    await Storage.s3()
  )
    .send(new DeleteObjectCommand({ Bucket: Storage.bucket(), Key: key }))
    .catch((error: unknown) =>
      console.error(
        JSON.stringify({ level: 'error', msg: 'signature not deleted', key, error: String(error) }),
      ),
    );
}

/** A stored signature's bytes (tests and support). */
export async function signatureOf(workOrderId: string): Promise<Uint8Array | undefined> {
  assertAdmin();
  const wo = await find(workOrderId);
  return wo.acknowledgment.signatureKey ? readObject(wo.acknowledgment.signatureKey) : undefined;
}
