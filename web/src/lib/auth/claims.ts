/**
 * Reads a token's `exp` without verifying it (the server verifies). Doc 1 §4:
 * a token whose exp is in the past, compared in seconds, or that cannot be
 * decoded, logs the user out at start.
 */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

export function isUsableToken(token: string, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp > Math.floor(nowMs / 1000);
}
