/** The session token, kept in localStorage under 'token' (doc 1 §3, §9). */
const KEY = 'token';

export function readToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(KEY);
}

/** The header every call carries once a token is stored. */
export function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { 'x-auth-token': token } : {};
}
