import { assertAdmin } from '../actor';
import { Storage } from '../storage/index';
import { fn } from '../util/fn';
import { key, refuseInvalid } from './messages';
import { find } from './store';

/** Signatures live under this prefix: never `images/`, which the CDN and the local server serve. */
export const SIGNATURE_PREFIX = 'private/work-orders/';

export async function putObject(key: string, bytes: Uint8Array): Promise<void> {
  await Storage.put(key, bytes, { contentType: 'image/png' });
}

export async function readObject(key: string): Promise<Uint8Array | undefined> {
  try {
    return (await Storage.bytes(key)) ?? undefined;
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', msg: 'signature not readable', key, error: String(error) }),
    );
    return undefined;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await Storage.remove(key).catch((error: unknown) =>
    console.error(
      JSON.stringify({ level: 'error', msg: 'signature not deleted', key, error: String(error) }),
    ),
  );
}

/** A stored signature's bytes (tests and support). */
export const signatureOf = fn(key, signatureOfNow, refuseInvalid);

async function signatureOfNow(workOrderId: string): Promise<Uint8Array | undefined> {
  assertAdmin();
  const wo = await find(workOrderId);
  return wo.acknowledgment.signatureKey ? readObject(wo.acknowledgment.signatureKey) : undefined;
}
