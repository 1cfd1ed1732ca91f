import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { type AuthDeps, type SessionUser, createAuth } from './store';

const user: SessionUser = {
  _id: 'usr_1',
  firstName: 'Tess',
  lastName: 'Tech',
  email: 'tess@example.com',
  role: 'technician',
  phone: null,
  hasCardOnFile: false,
  card: null,
};

/** A token whose exp is an hour away (the store reads exp without verifying). */
const token = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;

function world(replies: Array<SessionUser | Error>, remembered: SessionUser | null = null) {
  let stored: string | null = token;
  let kept = remembered;
  let calls = 0;
  const sleeps: number[] = [];
  const deps: AuthDeps = {
    fetchMe: async () => {
      const reply = replies[Math.min(calls++, replies.length - 1)];
      if (reply instanceof Error) throw reply;
      return reply as SessionUser;
    },
    readToken: () => stored,
    clearToken: () => {
      stored = null;
    },
    storeToken: (t) => {
      stored = t;
    },
    readUser: () => kept,
    writeUser: (u) => {
      kept = u;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  return { deps, token: () => stored, calls: () => calls, sleeps };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session at start (only a 401 from /me ends it)', () => {
  it('a 401 signs out and removes the token', async () => {
    const w = world([new ApiError('Unauthorized', 401)], user);
    const auth = createAuth(w.deps);
    await auth.ready();
    expect(auth.getState().user).toBeNull();
    expect(w.token()).toBeNull();
  });

  it('a 500 keeps the token and the remembered user, and tries again with backoff', async () => {
    const w = world([new ApiError('Server error', 500), new ApiError('Server error', 503), user], user);
    const auth = createAuth(w.deps);
    await auth.ready();
    expect(auth.getState().user).toEqual(user);
    expect(w.token()).toBe(token);
    await settle();
    expect(w.calls()).toBe(3);
    expect(w.sleeps).toEqual([1000, 2000]);
    expect(auth.getState().user).toEqual(user);
  });

  it('a network failure keeps the session; the first later answer of /me is taken', async () => {
    const fresh = { ...user, firstName: 'Tessa' };
    const w = world([new ApiError('offline', 0), fresh], user);
    const auth = createAuth(w.deps);
    await auth.ready();
    expect(auth.getState().user).toEqual(user);
    await settle();
    expect(auth.getState().user).toEqual(fresh);
    expect(w.token()).toBe(token);
  });

  it('without a remembered user, waits for a retry before the guards decide', async () => {
    const w = world([new TypeError('Failed to fetch'), user]);
    const auth = createAuth(w.deps);
    await auth.ready();
    expect(auth.getState().user).toEqual(user);
    expect(w.token()).toBe(token);
  });

  it('a 401 after failures still ends the session', async () => {
    const w = world([new ApiError('x', 502), new ApiError('Unauthorized', 401)], user);
    const auth = createAuth(w.deps);
    await auth.ready();
    await settle();
    expect(auth.getState().user).toBeNull();
    expect(w.token()).toBeNull();
  });
});
