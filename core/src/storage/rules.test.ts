import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from './rules';

/**
 * On AWS an upload reaches the API's Lambda through its function URL: a multipart body arrives
 * base64-encoded inside the invocation's JSON event, and Lambda refuses an invocation over 6 MB
 * with its own 413, before the app can answer with its message (decision 087).
 */
describe('the upload limits fit Lambda', () => {
  const LAMBDA_PAYLOAD = 6_000_000; // "6 MB", read as the smaller of 6,000,000 and 6 MiB.
  const EVENT_ENVELOPE = 32 * 1024; // the event's headers, request context and JSON framing.
  const base64 = (bytes: number) => Math.ceil(bytes / 3) * 4;

  it('the largest body the API reads, base64-encoded in its event, stays under 6 MB', () => {
    expect(base64(UPLOAD_BODY_MAX_BYTES) + EVENT_ENVELOPE).toBeLessThan(LAMBDA_PAYLOAD);
  });

  it('the image may be 4 MB, and the body carries the form beside it', () => {
    expect(IMAGE_MAX_BYTES).toBe(4 * 1024 * 1024);
    expect(UPLOAD_BODY_MAX_BYTES).toBeGreaterThan(IMAGE_MAX_BYTES);
  });
});
