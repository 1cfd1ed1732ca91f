import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { config } from '../config';

/**
 * Password hashing with scrypt (memory-hard), at OWASP's parameters:
 * N = 2^17, r = 8, p = 1. The stored form carries its parameters, so the cost
 * can be raised later without breaking old hashes.
 * Format: `scrypt$<log2N>$<r>$<p>$<salt b64>$<hash b64>`.
 */
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
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
