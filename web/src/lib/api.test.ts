import { describe, expect, it } from 'vitest';
import { ApiError, messageOf, replyField, serverMessageOf, unwrap } from './api';

describe('serverMessageOf', () => {
  it('prefers message, then msg', () => {
    expect(serverMessageOf({ message: 'A', msg: 'B' })).toBe('A');
    expect(serverMessageOf({ msg: 'B' })).toBe('B');
    expect(serverMessageOf({ message: '', msg: 'B' })).toBe('B');
  });

  it('is undefined for anything else', () => {
    expect(serverMessageOf(null)).toBeUndefined();
    expect(serverMessageOf('text')).toBeUndefined();
    expect(serverMessageOf({ message: 3 })).toBeUndefined();
  });
});

/** What the typed client's call resolves to, for a reply with this body and status. */
const reply = (body: unknown, status: number) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  ) as never;

describe('unwrap', () => {
  it('returns the body of an ok reply', async () => {
    await expect(unwrap(reply([{ _id: 'a' }], 200))).resolves.toEqual([{ _id: 'a' }]);
  });

  it('keeps the whole body of an error reply on the one error type', async () => {
    const body = {
      message: 'Already acknowledged.',
      msg: 'Already acknowledged.',
      alreadyAcknowledged: true,
    };
    const error: unknown = await unwrap(reply(body, 400)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, serverMsg: 'Already acknowledged.', body });
    expect(replyField(error, 'alreadyAcknowledged')).toBe(true);
    expect(messageOf(error, 'fallback')).toBe('Already acknowledged.');
  });

  it('turns a reply without JSON into a status and no message', async () => {
    const error: unknown = await unwrap(Promise.resolve(new Response('', { status: 502 })) as never).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 502, serverMsg: undefined, body: {} });
    expect(messageOf(error, 'Try again.')).toBe('Try again.');
  });

  it('turns a network failure into status 0', async () => {
    const error: unknown = await unwrap(Promise.reject(new TypeError('offline')) as never).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 0 });
    expect(replyField(error, 'anything')).toBeUndefined();
  });
});
