import { Mail } from '@app/core/mail/index';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import { app } from './index';

/** Issue 9: text that no input can use to poison a record or a mail. */
let ipCounter = 0;
function post(path: string, body: string | object, contentType = 'application/json') {
  ipCounter += 1;
  return app.request(
    path,
    {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: `10.9.0.${ipCounter}` } } },
  );
}

const email = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`;
const register = (address: string, firstName: string) =>
  post('/api/users/register', { firstName, lastName: 'Lee', email: address, password: 'brake-pads-42' });
const mailsTo = async (address: string) => (await readOutbox()).filter((m) => m.to.includes(address));

describe('the text boundary', () => {
  const forms = {
    '/api/contact': () => ({ name: 'Ann', email: email('c'), subject: 'Hello', message: 'Hi there' }),
    '/api/service-request': () => ({
      name: 'Ann',
      email: email('s'),
      generalIssue: 'Brakes',
      detailedDescription: 'Squeal',
      carMake: 'Honda',
      carModel: 'Civic',
      vin: '1HGCM82633A004352',
    }),
    '/api/users/register': () => ({
      firstName: 'Ann',
      lastName: 'Lee',
      email: email('r'),
      password: 'brake-pads-42',
    }),
    '/api/users/forgot-password': () => ({ email: email('f') }),
  } as const;

  it.each(Object.keys(forms))(
    'refuses a lone surrogate anywhere in %s with 400, and the next mail still goes out',
    async (path) => {
      const body = forms[path as keyof typeof forms]();
      const poisoned = Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, key === 'email' ? `a\ud800${value}` : `a\ud800b`]),
      );
      const response = await post(path, poisoned);
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ msg: 'The request contains text that is not valid Unicode.' });
      // In a key too.
      expect((await post(path, { ...body, ['\udc00']: 1 })).status).toBe(400);

      // The next request of anyone works, and its mail arrives.
      const next = forms['/api/users/forgot-password']();
      const { createUser } = await import('../../../tests/factories');
      const user = await createUser({ email: next.email });
      expect((await post('/api/users/forgot-password', { email: user.email })).status).toBe(200);
      expect(await mailsTo(user.email)).toHaveLength(1);
    },
  );

  it('creates no account when the registration is refused', async () => {
    const address = email('none');
    const response = await register(address, 'A\ud800');
    expect(response.status).toBe(400);
    const { User } = await import('@app/core/user/index');
    expect(await User.findByEmail(address)).toBeUndefined();
    expect(await mailsTo(address)).toEqual([]);
  });

  it.each([
    ['a line break', 'there,\n\nAccount locked! Call +1 555 0100'],
    ['a carriage return', 'Ann\rBcc: x@example.com'],
    ['a null byte', 'Ann\u0000'],
    ['a tab', 'Ann\tLee'],
    ['a line separator', 'Ann\u2028Lee'],
  ])('refuses %s in a name with 400', async (_what, firstName) => {
    const address = email('ctl');
    const response = await register(address, firstName);
    expect(response.status).toBe(400);
    expect((await json<{ msg: string }>(response)).msg).toBe(
      'First name cannot contain line breaks or control characters.',
    );
  });

  it('never puts a name a visitor chose into a mail as the shop’s words', async () => {
    const address = email('words');
    const firstName = 'Casey. Account locked! Call +1 555 0100 or visit http://evil.example';
    const response = await register(address, firstName);
    expect(response.status).toBe(200);
    const [mail] = await mailsTo(address);
    expect(mail?.text).toMatch(/^Hello,/);
    expect(`${mail?.text}${mail?.html}`).not.toMatch(/Account locked|evil\.example|Casey/);
  });

  it('says the limit when a name is too long', async () => {
    const response = await register(email('long'), 'x'.repeat(81));
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ msg: 'First name must be at most 80 characters' });
  });

  it('refuses deep nesting and oversized JSON bodies', async () => {
    const deep = '{"a":'.repeat(40) + '1' + '}'.repeat(40);
    const nested = await post('/api/contact', deep);
    expect(nested.status).toBe(400);
    expect(await json(nested)).toEqual({ msg: 'The request is nested too deeply.' });
    const huge = await post('/api/contact', {
      name: 'A',
      email: email('h'),
      subject: 'S',
      message: 'x'.repeat(600_000),
    });
    expect(huge.status).toBe(413);
    expect(await json(huge)).toEqual({ msg: 'The request is too large.' });
  });
});

describe('mail', () => {
  it('never reports a write that succeeded as an error because its mail failed; the mail waits for a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const send = vi.spyOn(Mail, 'send').mockRejectedValue(new Error('SES is down'));
    try {
      const address = email('down');
      const response = await register(address, 'Ann');
      expect(response.status).toBe(200);
      const { User } = await import('@app/core/user/index');
      expect(await User.findByEmail(address)).toBeDefined();
      send.mockRestore();
      const { Outbox } = await import('@app/core/mail/outbox');
      await Outbox.drain({ now: Date.now() + 10 * 60 * 1000 });
      expect((await mailsTo(address))[0]?.subject).toMatch(/Verify your email/);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('sends text with a lone surrogate (as U+FFFD), and the next mail is unaffected', async () => {
    const first = email('m1');
    const second = email('m2');
    await Mail.send({ to: first, subject: 'Bad \ud800 subject', text: 'a\ud800b' });
    await Mail.send({ to: second, subject: 'Fine', text: 'fine' });
    expect((await mailsTo(first))[0]?.text).toBe('a\ufffdb');
    expect((await mailsTo(second))[0]?.text).toBe('fine');
  });
});
