import type { User } from '@app/core/user/index';
import { useSyncExternalStore } from 'react';
import { api, isApiStatus, unwrap } from '../api';
import { clearToken, readToken, storeToken } from '../token';
import { isUsableToken } from './claims';

/** The signed-in user as `/api/users/me` and the login reply give it. Type-only import: no zod reaches the browser. */
export type SessionUser = User.Me;

export type AuthState = { user: SessionUser | null };

/** What the store needs from the outside world; tests pass their own. */
export type AuthDeps = {
  /** GET /api/users/me with the stored token. */
  fetchMe: () => Promise<SessionUser>;
  readToken: () => string | null;
  clearToken: () => void;
  storeToken: (token: string) => void;
  /** The last user `/me` gave for the stored token, kept so a failed start-up call keeps the session. */
  readUser: () => SessionUser | null;
  writeUser: (user: SessionUser | null) => void;
  /** Waits before the next try (backoff). */
  sleep: (ms: number) => Promise<void>;
};

/** Tries before a start without a remembered user gives up waiting (it keeps retrying in the background). */
const WAIT_TRIES = 3;
/** Backoff between tries of `/me`: 1 s, 2 s, 4 s ... up to 30 s. */
export const retryDelay = (attempt: number): number => Math.min(30_000, 1000 * 2 ** attempt);

const USER_KEY = 'session-user';

const browserDeps: AuthDeps = {
  fetchMe: () => unwrap(api.api.users.me.$get()),
  readToken,
  clearToken,
  storeToken,
  readUser() {
    try {
      const raw = localStorage.getItem(USER_KEY);
      const kept = raw ? (JSON.parse(raw) as { token?: string; user?: SessionUser }) : null;
      // Only the user of the token stored now: never another account's.
      return kept?.user && kept.token === readToken() ? kept.user : null;
    } catch {
      return null;
    }
  },
  writeUser(user) {
    try {
      const token = readToken();
      if (user && token) localStorage.setItem(USER_KEY, JSON.stringify({ token, user }));
      else localStorage.removeItem(USER_KEY);
    } catch {
      // Private mode or no storage: the session still works, it just cannot outlive a failed start.
    }
  },
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The session, outside React so the router's guards can wait for it. Every
 * feature reads it, so it lives in lib/ rather than in one feature. At start:
 * a stored token whose exp is past (in seconds) or that cannot be decoded logs
 * out; otherwise the current user is fetched. Only a 401 from `/me` ends the
 * session (doc 1 §4; issue 30, "signed out by a blip"): a network failure or
 * a 5xx keeps the token and the last user `/me` gave, and `/me` is tried again
 * with backoff until it answers.
 */
export function createAuth(deps: AuthDeps = browserDeps) {
  let state: AuthState = { user: null };
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    deps.writeUser(next.user);
    for (const listener of listeners) listener();
  };

  /** One call of `/me` for `token`: 'done' when it answered (or the token changed), 'retry' otherwise. */
  async function checkOnce(token: string): Promise<'done' | 'retry'> {
    try {
      const user = await deps.fetchMe();
      // Another tab or a login while fetching may have replaced the token: keep the newer state.
      if (deps.readToken() === token) set({ user });
      return 'done';
    } catch (error) {
      if (deps.readToken() !== token) return 'done';
      if (isApiStatus(error, 401)) {
        deps.clearToken();
        set({ user: null });
        return 'done';
      }
      return 'retry';
    }
  }

  async function keepTrying(token: string, fromAttempt: number): Promise<void> {
    for (let attempt = fromAttempt; deps.readToken() === token; attempt++) {
      await deps.sleep(retryDelay(attempt));
      if (deps.readToken() !== token) return;
      if ((await checkOnce(token)) === 'done') return;
    }
  }

  async function start(): Promise<void> {
    const token = deps.readToken();
    if (!token) return deps.writeUser(null);
    if (!isUsableToken(token)) {
      deps.clearToken();
      return set({ user: null });
    }
    const remembered = deps.readUser();
    if ((await checkOnce(token)) === 'done') return;
    if (remembered) {
      // Signed in as before while the server is unreachable; `/me` is asked again in the background.
      state = { user: remembered };
      for (const listener of listeners) listener();
      void keepTrying(token, 0);
      return;
    }
    // Nothing remembered: wait a few tries before the guards decide, then keep trying in the background.
    for (let attempt = 0; attempt < WAIT_TRIES; attempt++) {
      await deps.sleep(retryDelay(attempt));
      if (deps.readToken() !== token) return;
      if ((await checkOnce(token)) === 'done') return;
    }
    void keepTrying(token, WAIT_TRIES);
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
      deps.storeToken(token);
      set({ user });
    },
    /**
     * Fetches the signed-in user again, after a change the server made to it
     * (a card saved: hasCardOnFile and the card everywhere). Keeps a newer
     * session if the token changed meanwhile.
     */
    async refresh(): Promise<void> {
      const token = deps.readToken();
      if (!token) return;
      const user = await deps.fetchMe();
      if (deps.readToken() === token) set({ user });
    },
    /** Removes the token (so the header goes too) and the user. The caller goes to /. */
    signOut() {
      deps.clearToken();
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
