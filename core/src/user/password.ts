import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { config } from '../config';
import { VisibleError } from '../error';

/**
 * Password hashing with scrypt (memory-hard), at OWASP's parameters:
 * N = 2^17, r = 8, p = 1. The stored form carries its parameters, so the cost
 * can be raised later without breaking old hashes.
 * Format: `scrypt$<log2N>$<r>$<p>$<salt b64>$<hash b64>`.
 */
const KEY_LENGTH = 64;

/**
 * scrypt is memory-hard and runs on libuv's small thread pool: a flood of
 * sign-ins must not queue hundreds of hashes in front of a real customer's.
 * At most HASH_CONCURRENCY run at once (the machine's cores) and at most
 * HASH_QUEUE wait; a call beyond that is refused at once with 503 and
 * Retry-After, having cost nothing. (On Lambda one instance serves one
 * request at a time, so this matters for the local server and any
 * long-running host; there a flood buys more instances instead.)
 */
export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 8;
export const BUSY = 'We are handling many sign-ins right now. Please try again in a moment.';

let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_CONCURRENCY) {
    running += 1;
  } else {
    if (waiting.length >= HASH_QUEUE) throw new VisibleError('unavailable', BUSY, { retryAfterSeconds: 1 });
    // The slot is handed over by the finishing hash, so `running` stays as it is.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const log2N = config().passwordCostLog2;
  const salt = randomBytes(16);
  const key = await derive(password, salt, log2N, 8, 1);
  return ['scrypt', log2N, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !log2N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(log2N), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
