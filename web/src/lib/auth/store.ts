import type { User } from '@app/core/user/index';
import { useSyncExternalStore } from 'react';
import { api, unwrap } from '../api';
import { clearToken, readToken, storeToken } from '../token';
import { isUsableToken } from './claims';

/** The signed-in user as `/api/users/me` and the login reply give it. Type-only import: no zod reaches the browser. */
export type SessionUser = User.Me;

export type AuthState = { user: SessionUser | null };

/**
 * The session, outside React so the router's guards can wait for it. Every
 * feature reads it, so it lives in lib/ rather than in one feature. At start:
 * a stored token whose exp is past (in seconds) or that cannot be decoded logs
 * out; otherwise the current user is fetched, and a failed fetch logs out
 * silently (doc 1 §4, session at start).
 */
export function createAuth() {
  let state: AuthState = { user: null };
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function start(): Promise<void> {
    const token = readToken();
    if (!token) return;
    if (!isUsableToken(token)) {
      clearToken();
      return set({ user: null });
    }
    try {
      const user = await unwrap(api.api.users.me.$get());
      // Another tab or a login while fetching may have replaced the token: keep the newer state.
      if (readToken() === token) set({ user });
    } catch {
      if (readToken() === token) {
        clearToken();
        set({ user: null });
      }
    }
  }

  const started = start();

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once the stored session has been checked; guards await it. */
    ready: () => started,
    /** After login (or a password change, which issues a new token). */
    signIn(token: string, user: SessionUser) {
      storeToken(token);
      set({ user });
    },
    /**
     * Fetches the signed-in user again, after a change the server made to it
     * (a card saved: hasCardOnFile and the card everywhere). Keeps a newer
     * session if the token changed meanwhile.
     */
    async refresh(): Promise<void> {
      const token = readToken();
      if (!token) return;
      const user = await unwrap(api.api.users.me.$get());
      if (readToken() === token) set({ user });
    },
    /** Removes the token (so the header goes too) and the user. The caller goes to /. */
    signOut() {
      clearToken();
      set({ user: null });
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

export const auth = createAuth();

/** Pre-rendered pages are drawn signed out; hydration starts from the same state, then shows the session. */
const signedOut: AuthState = { user: null };
const serverState = () => signedOut;

export function useAuth() {
  const state = useSyncExternalStore(auth.subscribe, auth.getState, serverState);
  return { ...state, signIn: auth.signIn, signOut: auth.signOut, refresh: auth.refresh };
}
