/**
 * The security figures of `npm run bench` (issue 9), measured against the
 * running local stack. Every request goes to 127.0.0.1; distinct client
 * addresses come from binding the socket to other loopback source addresses
 * (127.0.x.y), which the local server sees as the client's address. Loops are
 * bounded in count and time.
 */
import { request } from 'node:http';

type Reply = { status: number; ms: number; retryAfter?: number };

/** One JSON POST from `from` (a loopback source address). */
function post(port: number, path: string, body: unknown, from: string): Promise<Reply> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: 120_000,
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            retryAfter: Number(res.headers['retry-after']) || undefined,
          }),
        );
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${path} timed out`)));
    req.end(payload);
  });
}

const tally = (replies: Reply[]) =>
  replies.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const show = (counts: Record<number, number>) =>
  Object.entries(counts)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');

export type SecurityFigures = {
  concurrentLogins: Record<number, number>;
  passwordChecks: number;
  rightPasswordStatus: number;
  flood: Record<number, number>;
  signInDuringFloodMs: number;
  signInDuringFloodStatus: number;
  registerNewMs: number;
  registerExistingMs: number;
};

export async function measureSecurity(
  port: number,
  admin: { email: string; password: string },
): Promise<{ figures: SecurityFigures; rows: [string, string][] }> {
  const login = (email: string, password: string, from: string) =>
    post(port, '/api/users/login', { email, password }, from);

  // 1. 40 concurrent attempts from one address, the right password last.
  const burst = await Promise.all([
    ...Array.from({ length: 39 }, () => login(admin.email, 'wrong-password', '127.0.9.1')),
    login(admin.email, admin.password, '127.0.9.1'),
  ]);
  const concurrentLogins = tally(burst);
  const passwordChecks = (concurrentLogins[400] ?? 0) + (concurrentLogins[200] ?? 0);
  const rightPasswordStatus = burst.at(-1)?.status ?? 0;

  // 2. A real sign-in (from its own address) while 200 addresses send wrong passwords at once.
  const flood = Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      login(
        `nobody-${i}@example.com`,
        'wrong-password',
        `127.0.${10 + Math.floor(i / 200)}.${(i % 200) + 1}`,
      ),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = performance.now();
  let real: Reply = { status: 0, ms: 0 };
  // A person's browser retries after Retry-After on 503; at most 10 tries.
  for (let attempt = 0; attempt < 10; attempt += 1) {
    real = await login(admin.email, admin.password, '127.0.8.1');
    if (real.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, (real.retryAfter ?? 1) * 1000));
  }
  const signInDuringFloodMs = performance.now() - started;
  const floodCounts = tally(await flood);

  // 3. Register timing: 15 new addresses, then the same 15 again (existing accounts), each from its own address.
  const tries = 15;
  const emails = Array.from({ length: tries }, (_, i) => `bench-${Date.now().toString(36)}-${i}@example.com`);
  const form = (email: string) => ({
    firstName: 'Bench',
    lastName: 'Mark',
    email,
    password: 'bench-password-77',
  });
  const newTimes: number[] = [];
  const existingTimes: number[] = [];
  for (const [i, email] of emails.entries()) {
    newTimes.push((await post(port, '/api/users/register', form(email), `127.0.20.${i + 1}`)).ms);
  }
  for (const [i, email] of emails.entries()) {
    existingTimes.push((await post(port, '/api/users/register', form(email), `127.0.21.${i + 1}`)).ms);
  }

  const figures: SecurityFigures = {
    concurrentLogins,
    passwordChecks,
    rightPasswordStatus,
    flood: floodCounts,
    signInDuringFloodMs,
    signInDuringFloodStatus: real.status,
    registerNewMs: median(newTimes),
    registerExistingMs: median(existingTimes),
  };
  const rows: [string, string][] = [
    ['40 concurrent sign-ins, one address (statuses)', show(concurrentLogins)],
    ['  passwords checked (limit 10)', String(passwordChecks)],
    ['  the right password, sent last', String(rightPasswordStatus)],
    ['Sign-in during a 200-address flood', `${(signInDuringFloodMs / 1000).toFixed(2)} s (${real.status})`],
    ['  the flood (statuses)', show(floodCounts)],
    [`Register, new address (median of ${tries})`, `${figures.registerNewMs.toFixed(0)} ms`],
    [`Register, existing address (median of ${tries})`, `${figures.registerExistingMs.toFixed(0)} ms`],
  ];
  return { figures, rows };
}
