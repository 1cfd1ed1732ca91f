import { Account } from '@app/core/account/index';
import { LinkToken } from '@app/core/auth/link-token';
import { Session } from '@app/core/auth/session';
import { User } from '@app/core/user/index';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser, json } from '../../../tests/factories';
import { floorsOf } from '../../../tests/floors';
import { type OutboxMail, readOutbox } from '../local/outbox';
import { app } from './index';

// The equal-time floor's pauses, recorded (tests/floors.ts).
vi.mock('@app/core/util/timing', async (real) =>
  (await import('../../../tests/floors')).recordingFloors(await real()),
);

type Body = Record<string, unknown> & { msg?: string };

let ipCounter = 0;
let ip = '';
beforeEach(() => {
  // Each test is its own client address, so per-IP limits of one test never touch another.
  ipCounter += 1;
  ip = `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
});

const env = () => ({ incoming: { socket: { remoteAddress: ip } } });

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(
    `/api/users${path}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    env(),
  );
}

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`/api/users${path}`, { headers }, env());

const uniqueEmail = (name = 'person') => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function mailTo(address: string): Promise<OutboxMail[]> {
  return (await readOutbox()).filter((mail) => mail.to.includes(address));
}

const linkToken = (mail: OutboxMail | undefined, path: string) => {
  const match = new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`No /${path}/ link in: ${mail?.text}`);
  return match[1];
};

const registration = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Casey',
  lastName: 'Driver',
  email: uniqueEmail(),
  password: 'brake-pads-42',
  ...overrides,
});

/** Registers, verifies through the mailed link and signs in. */
async function signedUp(overrides: Record<string, unknown> = {}) {
  const form = registration(overrides);
  await post('/register', form);
  const email = String(form.email).toLowerCase();
  const token = linkToken((await mailTo(email))[0], 'verify-email');
  expect((await get(`/verify-email/${token}`)).status).toBe(200);
  const login = await json<{ token: string }>(await post('/login', { email, password: form.password }));
  return { ...form, email, token: login.token };
}

describe('POST /api/users/register', () => {
  it('creates an unverified customer and mails a verification link to {PUBLIC_URL}/verify-email/{token}', async () => {
    const form = registration({ email: `  Mixed.Case-${crypto.randomUUID().slice(0, 6)}@Example.COM ` });
    const response = await post('/register', form);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      msg: 'Registration successful! Please check your email for verification.',
    });

    const email = String(form.email).trim().toLowerCase();
    const stored = await User.findByEmail(email);
    expect(stored).toMatchObject({ email, role: 'user', emailVerified: false, firstName: 'Casey' });
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);

    const [mail] = await mailTo(email);
    expect(mail?.subject).toContain('Verify your email');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]{43}\b/);
  });

  it('enforces the form rules on the server with the spec texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '  ' }, 'First name is required'],
      [{ lastName: undefined }, 'Last name is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Email is invalid'],
      [{ password: '' }, 'Password is required'],
      [{ password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: 'Password1' }, 'This password is too common. Please choose a less guessable one.'],
      [{ password: 'qwerty123' }, 'This password is too common. Please choose a less guessable one.'],
    ];
    for (const [override, msg] of cases) {
      const form = registration(override);
      const response = await post('/register', form);
      expect(response.status, msg).toBe(400);
      expect(await json(response)).toEqual({ msg });
      expect(await User.findByEmail(String(form.email ?? ''))).toBeUndefined();
    }
  });

  it('refuses a body that is not JSON with a 400 msg', async () => {
    const response = await app.request(
      '/api/users/register',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"firstName":' },
      env(),
    );
    expect(response.status).toBe(400);
    expect((await json<Body>(response)).msg).toEqual(expect.any(String));
  });

  it('takes at least the same floor whether or not the address has an account (register, resend, forgot)', async () => {
    const existing = await createUser();
    // Each reply waits for the account floor: it asks for one pause of the floor, which ends before the reply.
    const timed = async (path: string, body: unknown) => {
      const { result, asked, ended } = await floorsOf(() => post(path, body));
      expect(result.status).toBe(200);
      return { asked, ended };
    };
    const newForm = registration();
    const times = {
      registerNew: await timed('/register', newForm),
      registerExisting: await timed('/register', registration({ email: existing.email })),
      resendUnknown: await timed('/resend-verification', { email: uniqueEmail('nobody') }),
      resendUnverified: await timed('/resend-verification', { email: newForm.email }),
      forgotUnknown: await timed('/forgot-password', { email: uniqueEmail('nobody') }),
      forgotKnown: await timed('/forgot-password', { email: existing.email }),
    };
    expect(Account.EQUAL_TIME_FLOOR_MS).toBe(600);
    for (const [path, seen] of Object.entries(times)) {
      expect(seen, path).toEqual({ asked: [Account.EQUAL_TIME_FLOOR_MS], ended: 1 });
    }
  });

  it('never makes an admin, whatever the body says', async () => {
    const form = registration({ role: 'admin', emailVerified: true });
    expect((await post('/register', form)).status).toBe(200);
    expect(await User.findByEmail(String(form.email))).toMatchObject({ role: 'user', emailVerified: false });
  });

  it('answers an existing address exactly like a new one, and mails its owner sign-in and reset links', async () => {
    const existing = await createUser();
    const fresh = registration();

    const first = await post('/register', fresh);
    const again = await post('/register', registration({ email: existing.email.toUpperCase() }));
    expect(again.status).toBe(first.status);
    expect(await json(again)).toEqual(await json(first));

    const [mail] = await mailTo(existing.email);
    expect(mail?.subject).toContain('already have');
    expect(mail?.text).toContain('http://localhost:3000/login');
    expect(mail?.text).toContain('http://localhost:3000/forgot-password');
    // The account is untouched: the first password still works.
    const login = await post('/login', { email: existing.email, password: existing.password });
    expect(login.status).toBe(200);
  });
});

describe('GET /api/users/verify-email/:token', () => {
  it('verifies once; the same link a second time is refused', async () => {
    const form = registration();
    await post('/register', form);
    const token = linkToken((await mailTo(String(form.email)))[0], 'verify-email');

    const first = await get(`/verify-email/${token}`);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ msg: 'Your email has been verified. You can now sign in.' });
    expect((await User.findByEmail(String(form.email)))?.emailVerified).toBe(true);

    const second = await get(`/verify-email/${token}`);
    expect(second.status).toBe(400);
    expect((await json<Body>(second)).msg).toBe(
      'This verification link has already been used. Please sign in, or request a new link.',
    );
  });

  it('refuses an expired link (24 hours) and leaves the account unverified', async () => {
    const user = await User.create({ ...registration(), emailVerified: false });
    const { token } = await LinkToken.issue('verify-email', {
      subjectId: user._id,
      owner: { pk: `USER#${user._id}` },
      now: new Date(Date.now() - 24 * 60 * 60 * 1000 - 1000),
    });
    const response = await get(`/verify-email/${token}`);
    expect(response.status).toBe(400);
    expect((await json<Body>(response)).msg).toBe(
      'This verification link has expired. Please request a new one.',
    );
    expect((await User.find(user._id))?.emailVerified).toBe(false);
  });

  it('refuses unknown, malformed and wrong-purpose tokens', async () => {
    const unknown = await get(`/verify-email/${'A'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    expect((await json<Body>(unknown)).msg).toBe(
      'This verification link is not valid. Please request a new one.',
    );
    expect((await get('/verify-email/short')).status).toBe(400);

    const user = await createUser();
    const { token } = await LinkToken.issue('reset-password', {
      subjectId: user._id,
      owner: { pk: `USER#${user._id}` },
    });
    expect((await get(`/verify-email/${token}`)).status).toBe(400);
  });
});

describe('POST /api/users/resend-verification', () => {
  it('gives the same reply for unknown, verified and unverified addresses, and mails only the unverified', async () => {
    const verified = await createUser();
    const pending = registration();
    await post('/register', pending);
    const unknown = uniqueEmail('nobody');

    const replies = [];
    for (const email of [unknown, verified.email, String(pending.email)]) {
      const response = await post('/resend-verification', { email });
      replies.push({ status: response.status, body: await json(response) });
    }
    expect(new Set(replies.map((reply) => JSON.stringify(reply))).size).toBe(1);
    expect(replies[0]?.status).toBe(200);

    expect(await mailTo(unknown)).toHaveLength(0);
    expect(await mailTo(verified.email)).toHaveLength(0);
    const pendingMail = await mailTo(String(pending.email));
    expect(pendingMail).toHaveLength(2);
    // The new link works.
    const token = linkToken(pendingMail[1], 'verify-email');
    expect((await get(`/verify-email/${token}`)).status).toBe(200);
  });

  it('requires an email', async () => {
    const response = await post('/resend-verification', { email: '' });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ msg: 'Email is required' });
  });
});

describe('POST /api/users/login', () => {
  it('returns a token with top-level claims and the user, never the hash', async () => {
    const user = await createUser({ firstName: 'Robin' });
    const response = await post('/login', {
      email: ` ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(response.status).toBe(200);
    const body = await json<{ token: string; user: Body }>(response);
    expect(body.user).toEqual({
      _id: user._id,
      firstName: 'Robin',
      lastName: user.lastName,
      email: user.email,
      role: 'user',
      hasCardOnFile: false,
      card: null,
      // Issue 30: the number the shop reaches the customer at; the booking page asks when it is null.
      phone: null,
    });
    expect(JSON.stringify(body)).not.toContain('scrypt');

    const header = decodeProtectedHeader(body.token);
    const payload = decodeJwt(body.token);
    expect(header).toMatchObject({ alg: 'HS256' });
    expect(payload).toMatchObject({ sub: user._id, role: 'user', firstName: 'Robin' });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(12 * 60 * 60);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await createUser();
    const wrong = await post('/login', { email: user.email, password: 'not-the-password' });
    const unknown = await post('/login', { email: uniqueEmail('ghost'), password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await json(wrong)).toEqual({ msg: 'Invalid email or password.' });
    expect(await json(unknown)).toEqual({ msg: 'Invalid email or password.' });
  });

  it('refuses an unverified account with 403 once the password is right', async () => {
    const form = registration();
    await post('/register', form);
    const response = await post('/login', { email: form.email, password: form.password });
    expect(response.status).toBe(403);
    expect((await json<Body>(response)).msg).toBe('Please verify your email before logging in.');
    // Without the password nobody learns the account is unverified.
    const wrong = await post('/login', { email: form.email, password: 'guessing-123' });
    expect(wrong.status).toBe(400);
  });

  it('requires both fields', async () => {
    expect(await json(await post('/login', { email: '', password: 'x' }))).toEqual({
      msg: 'Email is required',
    });
    expect(await json(await post('/login', { email: 'a@example.com' }))).toEqual({
      msg: 'Password is required',
    });
  });
});

describe('sessions: GET /api/users/me', () => {
  it('returns the current user for a valid token', async () => {
    const account = await signedUp({ firstName: 'Morgan' });
    const response = await get('/me', { 'x-auth-token': account.token });
    expect(response.status).toBe(200);
    const body = await json<Body>(response);
    expect(body).toMatchObject({
      firstName: 'Morgan',
      email: account.email,
      role: 'user',
      hasCardOnFile: false,
    });
    expect(Object.keys(body).sort()).toEqual([
      '_id',
      'card',
      'email',
      'firstName',
      'hasCardOnFile',
      'lastName',
      // Issue 30: the number the shop reaches the customer at (null: the booking page asks for one).
      'phone',
      'role',
    ]);
  });

  it('is 401 without a token', async () => {
    const response = await get('/me');
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ msg: 'Please log in to continue.' });
  });

  it('refuses tampered, unsigned, foreign, expired and garbage tokens', async () => {
    const user = await createUser();
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(atob(String(payload).replace(/-/g, '+').replace(/_/g, '/')));
    const b64 = (value: object) =>
      btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

    const promoted = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(process.env.JWT_SECRET));
    const record = await User.find(user._id);
    if (!record) throw new Error('missing user');
    const expired = await Session.issue(record, new Date(Date.now() - 13 * 60 * 60 * 1000));
    const noExp = await new SignJWT({ role: 'user', firstName: 'x', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setIssuedAt()
      .sign(new TextEncoder().encode(process.env.JWT_SECRET));

    for (const [name, token] of Object.entries({
      promoted,
      unsigned,
      foreign,
      hs512,
      expired,
      noExp,
      garbage: 'abc',
    })) {
      const response = await get('/me', { 'x-auth-token': token });
      expect(response.status, name).toBe(401);
      expect((await json<Body>(response)).msg, name).toBe(
        'Your session has expired or is no longer valid. Please log in again.',
      );
    }
    // The untouched token still works.
    expect((await get('/me', { 'x-auth-token': user.token })).status).toBe(200);
  });

  it('takes the token only as x-auth-token (Bearer is for saving a card alone, doc 2 §6)', async () => {
    const user = await createUser();
    expect((await get('/me', { authorization: `Bearer ${user.token}` })).status).toBe(401);
    expect((await get('/me', { 'x-auth-token': user.token })).status).toBe(200);
  });
});

describe('POST /api/users/change-password', () => {
  it('changes the password, ends older sessions, keeps this one with a new token, and mails the owner', async () => {
    const account = await signedUp();
    const otherDevice = (
      await json<{ token: string }>(
        await post('/login', { email: account.email, password: account.password }),
      )
    ).token;

    const response = await post(
      '/change-password',
      { currentPassword: account.password, newPassword: 'new-rotors-2026' },
      { 'x-auth-token': account.token },
    );
    expect(response.status).toBe(200);
    const body = await json<{ msg: string; token: string }>(response);
    expect(body.msg).toBe('Your password has been changed.');

    expect((await get('/me', { 'x-auth-token': account.token })).status).toBe(401);
    expect((await get('/me', { 'x-auth-token': otherDevice })).status).toBe(401);
    expect((await get('/me', { 'x-auth-token': body.token })).status).toBe(200);

    expect((await post('/login', { email: account.email, password: account.password })).status).toBe(400);
    expect((await post('/login', { email: account.email, password: 'new-rotors-2026' })).status).toBe(200);
    expect((await mailTo(account.email)).map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining('password was changed'),
    );
  });

  it('refuses a wrong current password, a weak new one, and a missing token, changing nothing', async () => {
    const user = await createUser();
    const wrong = await post(
      '/change-password',
      { currentPassword: 'not-it-at-all', newPassword: 'new-rotors-2026' },
      user.headers,
    );
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ msg: 'Your current password is incorrect.' });

    const weak = await post(
      '/change-password',
      { currentPassword: user.password, newPassword: '123' },
      user.headers,
    );
    expect(weak.status).toBe(400);
    expect(await json(weak)).toEqual({ msg: 'Password must be at least 6 characters' });

    const missing = await post('/change-password', { currentPassword: user.password }, user.headers);
    expect(missing.status).toBe(400);

    const anonymous = await post('/change-password', {
      currentPassword: user.password,
      newPassword: 'new-rotors-2026',
    });
    expect(anonymous.status).toBe(401);

    // Nothing changed: the old token and password still work.
    expect((await get('/me', user.headers)).status).toBe(200);
    expect((await post('/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('gives the same reply for known and unknown addresses and mails only the known one', async () => {
    const user = await createUser();
    const unknown = uniqueEmail('nobody');
    const known = await post('/forgot-password', { email: user.email });
    const other = await post('/forgot-password', { email: unknown });
    expect(known.status).toBe(200);
    expect(other.status).toBe(200);
    expect(await json(known)).toEqual(await json(other));
    expect(await mailTo(unknown)).toHaveLength(0);
    expect(linkToken((await mailTo(user.email))[0], 'reset-password')).toHaveLength(43);
  });

  it('resets once with the mailed link, ending every session; the link cannot be used again', async () => {
    const user = await createUser();
    await post('/forgot-password', { email: user.email });
    const token = linkToken((await mailTo(user.email))[0], 'reset-password');

    // A refused password does not spend the link.
    const weak = await post('/reset-password', { token, password: 'password' });
    expect(weak.status).toBe(400);

    const reset = await post('/reset-password', { token, password: 'fresh-start-99' });
    expect(reset.status).toBe(200);
    expect((await json<Body>(reset)).msg).toBe(
      'Your password has been reset. You can now sign in with your new password.',
    );
    expect((await get('/me', user.headers)).status).toBe(401);
    expect((await post('/login', { email: user.email, password: 'fresh-start-99' })).status).toBe(200);

    const again = await post('/reset-password', { token, password: 'another-one-77' });
    expect(again.status).toBe(400);
    expect((await json<Body>(again)).msg).toBe(
      'This password reset link has already been used. Please request a new one.',
    );
  });

  it('makes every earlier reset link invalid once the password is changed or reset', async () => {
    const user = await createUser();
    await post('/forgot-password', { email: user.email });
    await post('/forgot-password', { email: user.email });
    const [first, second] = (await mailTo(user.email)).map((mail) => linkToken(mail, 'reset-password'));

    // A change of password through the account page outdates both links.
    const changed = await post(
      '/change-password',
      { currentPassword: user.password, newPassword: 'changed-by-owner-5' },
      user.headers,
    );
    expect(changed.status).toBe(200);
    for (const token of [first, second]) {
      const late = await post('/reset-password', { token, password: 'attacker-choice-1' });
      expect(late.status).toBe(400);
      expect((await json<Body>(late)).msg).toBe(
        'This password reset link is not valid. Please request a new one.',
      );
    }
    expect((await post('/login', { email: user.email, password: 'changed-by-owner-5' })).status).toBe(200);

    // A reset with one link outdates the others mailed before it.
    await post('/forgot-password', { email: user.email });
    await post('/forgot-password', { email: user.email });
    const [third, fourth] = (await mailTo(user.email))
      .slice(-2)
      .map((mail) => linkToken(mail, 'reset-password'));
    expect((await post('/reset-password', { token: third, password: 'fresh-start-99' })).status).toBe(200);
    expect((await post('/reset-password', { token: fourth, password: 'attacker-choice-1' })).status).toBe(
      400,
    );
    expect((await post('/login', { email: user.email, password: 'fresh-start-99' })).status).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const user = await createUser();
    const { token } = await LinkToken.issue('reset-password', {
      subjectId: user._id,
      owner: { pk: `USER#${user._id}` },
      now: new Date(Date.now() - 61 * 60 * 1000),
    });
    const response = await post('/reset-password', { token, password: 'fresh-start-99' });
    expect(response.status).toBe(400);
    expect((await json<Body>(response)).msg).toBe(
      'This password reset link has expired. Please request a new one.',
    );
    expect((await post('/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});

describe('roles on the server', () => {
  it('guards the whole /api/admin/ prefix: 401 without a session, 403 for a customer, even for unknown paths', async () => {
    const customer = await createUser();
    const admin = await createUser({ role: 'admin' });
    // /api/admin/users exists since issue 11 (the admin's customer list).
    for (const [path, forAdmin] of [
      ['/api/admin/users', 200],
      ['/api/admin/no-such-thing/yet', 404],
    ] as const) {
      const anonymous = await app.request(path, {}, env());
      expect(anonymous.status).toBe(401);
      expect((await json<Body>(anonymous)).msg).toBe('Please log in to continue.');
      const forbidden = await app.request(path, { headers: customer.headers }, env());
      expect(forbidden.status).toBe(403);
      expect((await json<Body>(forbidden)).msg).toBe('You do not have permission to do that.');
      expect((await app.request(path, { headers: admin.headers }, env())).status).toBe(forAdmin);
    }
  });

  it('takes the role from the stored user, not from the token', async () => {
    const customer = await createUser();
    const forged = await Session.issue({ id: customer._id, role: 'admin', firstName: 'x', tokenVersion: 0 });
    expect(
      (await app.request('/api/admin/users', { headers: { 'x-auth-token': forged } }, env())).status,
    ).toBe(403);
  });
});

describe('rate limits (DynamoDB counters)', () => {
  it('refuses a guesser after 10 failed sign-ins from one address, with 429 and Retry-After, and not the owner elsewhere', async () => {
    const user = await createUser();
    ip = `10.9.${ipCounter}.1`;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await post('/login', { email: user.email, password: 'wrong-password' })).status).toBe(400);
    }
    // From that address even the right password is refused now.
    const locked = await post('/login', { email: user.email, password: user.password });
    expect(locked.status).toBe(429);
    expect((await json<Body>(locked)).msg).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from another address, signs in.
    ip = '10.9.99.99';
    expect((await post('/login', { email: user.email, password: user.password })).status).toBe(200);
  });

  it('holds a looser ceiling of 50 failed sign-ins per account from all addresses', async () => {
    const user = await createUser();
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      ip = `10.8.${ipCounter}.${attempt}`;
      expect((await post('/login', { email: user.email, password: 'wrong-password' })).status).toBe(400);
    }
    ip = '10.8.200.200';
    expect((await post('/login', { email: user.email, password: user.password })).status).toBe(429);
  });

  it('starts the counters afresh after a password reset', async () => {
    const user = await createUser();
    ip = `10.7.${ipCounter}.1`;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await post('/login', { email: user.email, password: 'wrong-password' });
    }
    expect((await post('/login', { email: user.email, password: user.password })).status).toBe(429);
    await post('/forgot-password', { email: user.email });
    const token = linkToken((await mailTo(user.email)).at(-1), 'reset-password');
    expect((await post('/reset-password', { token, password: 'fresh-start-99' })).status).toBe(200);
    expect((await post('/login', { email: user.email, password: 'fresh-start-99' })).status).toBe(200);
  });

  it('limits sign-in attempts per client address, which the client cannot choose by header', async () => {
    let last = 0;
    for (let attempt = 1; attempt <= 101; attempt += 1) {
      const spoofed = { 'x-client-ip': `192.0.2.${attempt}`, 'x-forwarded-for': `198.51.100.${attempt}` };
      last = (
        await post('/login', { email: `nobody-${attempt}@example.com`, password: 'whatever-1' }, spoofed)
      ).status;
      if (attempt <= 100) expect(last).toBe(400);
    }
    expect(last).toBe(429);
  });

  it('limits registrations, resends and reset requests per address', async () => {
    const email = uniqueEmail('busy');
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      statuses.push((await post('/register', registration({ email }))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    const resend = [];
    const forgot = [];
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      resend.push((await post('/resend-verification', { email })).status);
      forgot.push((await post('/forgot-password', { email })).status);
    }
    expect(resend.at(-1)).toBe(429);
    expect(forgot.at(-1)).toBe(429);
    // 18 replies, each held to the 600 ms floor: about 11 s of waiting by design.
  }, 60_000);
});
