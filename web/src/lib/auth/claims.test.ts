import { describe, expect, it } from 'vitest';
import { isUsableToken, tokenExpiry } from './claims';

const encode = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.sig`;

describe('the token expiry check at start (doc 1 §4)', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const nowSeconds = now / 1000;

  it('keeps a token whose exp is later than now, in seconds', () => {
    expect(isUsableToken(encode({ exp: nowSeconds + 1 }), now)).toBe(true);
  });

  it('drops a token whose exp is now or in the past', () => {
    expect(isUsableToken(encode({ exp: nowSeconds }), now)).toBe(false);
    expect(isUsableToken(encode({ exp: nowSeconds - 3600 }), now)).toBe(false);
  });

  it('drops a token that cannot be decoded or has no numeric exp', () => {
    expect(isUsableToken('not-a-token', now)).toBe(false);
    expect(isUsableToken('a.%%%.c', now)).toBe(false);
    expect(isUsableToken(encode({ sub: 'x' }), now)).toBe(false);
    expect(isUsableToken(encode({ exp: String(nowSeconds + 60) }), now)).toBe(false);
    expect(tokenExpiry('')).toBeNull();
  });

  it('reads base64url payloads (with - and _)', () => {
    const claims = { exp: nowSeconds + 60, firstName: '>>>???' };
    expect(tokenExpiry(encode(claims))).toBe(nowSeconds + 60);
  });
});
