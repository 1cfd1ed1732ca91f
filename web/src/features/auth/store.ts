import { useSyncExternalStore } from 'react';
import { api, unwrap } from '../../lib/api';
import { clearToken, readToken, storeToken } from '../../lib/token';
import { isUsableToken } from './claims';
import type { CurrentUser } from './types';

export type AuthState = {
  /** 'starting' until the stored session has been checked (doc 1 §4, session at start). */
  status: 'starting' | 'ready';
  user: CurrentUser | null;
};

/**
 * The session, outside React so the router's guards can wait for it. At
 * start: a stored token whose exp is past (in seconds) or that cannot be
 * decoded logs out; otherwise the current user is fetched, and a failed fetch
 * logs out silently.
 */
export function createAuth() {
  let state: AuthState = { status: 'starting', user: null };
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function start(): Promise<void> {
    const token = readToken();
    if (!token) return set({ status: 'ready', user: null });
    if (!isUsableToken(token)) {
      clearToken();
      return set({ status: 'ready', user: null });
    }
    try {
      const user = await unwrap(api.api.users.me.$get());
      // Another tab or a login while fetching may have replaced the token: keep the newer state.
      if (readToken() === token) set({ status: 'ready', user });
    } catch {
      if (readToken() === token) {
        clearToken();
        set({ status: 'ready', user: null });
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
    signIn(token: string, user: CurrentUser) {
      storeToken(token);
      set({ status: 'ready', user });
    },
    /** Keeps the token, refreshes what the app knows of the user (e.g. after a card is saved). */
    setUser(user: CurrentUser) {
      set({ ...state, user });
    },
    /** Removes the token (so the header goes too) and the user. The caller goes to /. */
    signOut() {
      clearToken();
      set({ status: 'ready', user: null });
    },
  };
}

export type Auth = ReturnType<typeof createAuth>;

export const auth = createAuth();

export function useAuth() {
  const state = useSyncExternalStore(auth.subscribe, auth.getState);
  return { ...state, signIn: auth.signIn, signOut: auth.signOut, setUser: auth.setUser };
}
