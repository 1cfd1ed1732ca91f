import { db, tableName } from '@app/core/db/client';
import { FORM_MESSAGE_DAYS } from '@app/core/db/ttl';
import { RateLimit } from '@app/core/rate-limit/index';
import { rateLimits } from '@app/core/rate-limit/rules';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { json } from '../../../tests/factories';
import { readOutbox } from '../local/outbox';
import { app } from './index';

const BUSINESS = 'shop@mobileautocare.example';

/** Each call from its own client address, so the per-address limits of one test do not touch another. */
let address = 0;
const post = (path: string, body: unknown, ip = `10.0.0.${(address += 1)}`) =>
  app.request(
    path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );

async function stored(collection: string): Promise<Record<string, unknown>[]> {
  const result = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'byCollection',
      KeyConditionExpression: 'collectionPk = :pk',
      ExpressionAttributeValues: { ':pk': collection },
    }),
  );
  return result.Items ?? [];
}

const unique = () => crypto.randomUUID().slice(0, 8);

/** A TTL (epoch seconds) two years from now, give or take a minute. */
const twoYearsFromNow = () => {
  const at = Math.floor(Date.now() / 1000) + FORM_MESSAGE_DAYS * 24 * 60 * 60;
  return expect.toSatisfy((value: unknown) => typeof value === 'number' && Math.abs(value - at) < 60);
};

/**
 * Posts a fresh `valid()` form to `path` with `field` set to each of `values` (undefined: left
 * out): 400 with `msg` each time, and nothing kept or sent (`kept`, when given, finds what the
 * form would leave behind, for the body posted).
 */
async function refuses(
  path: string,
  valid: () => Record<string, unknown>,
  field: string,
  values: (string | undefined)[],
  msg: string,
  kept?: (body: Record<string, unknown>) => Promise<boolean>,
) {
  for (const value of values) {
    const body: Record<string, unknown> = { ...valid(), [field]: value };
    const response = await post(path, body);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ msg });
    if (kept) expect(await kept(body)).toBe(false);
  }
}

describe('POST /api/contact', () => {
  const valid = () => {
    const id = unique();
    return {
      name: 'Jordan <b>Blake</b>',
      email: `jordan-${id}@example.com`,
      subject: `Question ${id}`,
      message: 'Do you service\nhybrids? <script>alert(1)</script>',
    };
  };

  it('stores the message, mails the shop (reply-to the sender) and confirms to the sender', async () => {
    const body = valid();
    const response = await post('/api/contact', { ...body, name: ` ${body.name} ` });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ msg: 'Your message has been sent successfully!' });

    const messages = await stored('CONTACT');
    expect(messages.find((m) => m.email === body.email)).toMatchObject({
      name: body.name,
      subject: body.subject,
      message: body.message,
      id: expect.stringMatching(/^msg_/),
      // Kept for the privacy page's two years, then deleted by TTL.
      expiresAt: twoYearsFromNow(),
    });

    const mail = await readOutbox();
    const toShop = mail.filter((m) => m.to.includes(BUSINESS) && m.subject.includes(body.subject));
    expect(toShop).toHaveLength(1);
    expect(toShop[0]?.subject).toBe(`Contact form: ${body.subject}`);
    expect(toShop[0]?.text).toContain('Do you service\nhybrids?');
    expect(toShop[0]?.text).toContain(body.email);
    // Every visitor value is escaped in the HTML body.
    expect(toShop[0]?.html).toContain('Jordan &lt;b&gt;Blake&lt;/b&gt;');
    expect(toShop[0]?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(toShop[0]?.html).not.toMatch(/<script>|<b>Blake/);

    const confirmation = mail.filter((m) => m.to.includes(body.email));
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]?.subject).toMatch(/We received your message/);
    // The confirmation carries nothing the sender chose: no subject, message or name.
    expect(confirmation[0]?.text).not.toContain(body.subject);
    expect(confirmation[0]?.text).not.toContain('hybrids');
    expect(confirmation[0]?.text).not.toContain('Jordan');
    expect(confirmation[0]?.html).not.toContain('Jordan');
  });

  it.each([
    ['name', 'Name is required.'],
    ['email', 'Email is required.'],
    ['subject', 'Subject is required.'],
    ['message', 'Message is required.'],
  ])('refuses a missing or blank %s with 400 and sends nothing', async (field, msg) => {
    await refuses('/api/contact', valid, field, [undefined, '   '], msg, async (body) =>
      (await readOutbox()).some((m) => m.to.includes(String(body.email))),
    );
  });

  it.each([
    ['name', 'Name cannot contain line breaks.', 'Jordan\r\nBcc: victim@example.com'],
    ['email', 'Email cannot contain line breaks.', 'a@example.com\nBcc: victim@example.com'],
    ['subject', 'Subject cannot contain line breaks.', 'Hello\nBcc: victim@example.com'],
    ['subject', 'Subject cannot contain line breaks.', 'Hello\rX-Injected: 1'],
  ])('refuses a line break in the %s (header injection)', async (field, msg, value) => {
    await refuses('/api/contact', valid, field, [value], msg, async () =>
      (await readOutbox()).some((m) => m.to.includes('victim@example.com')),
    );
  });

  it.each([['not-an-email'], ['a@'], ['@example.com'], ['a b@example.com']])(
    'refuses the email %s',
    async (email) => {
      const response = await post('/api/contact', { ...valid(), email });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ msg: 'Please enter a valid email address.' });
    },
  );

  it('confirms to one address at most 3 times an hour, while every message still reaches the shop', async () => {
    const target = `victim-${unique()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/api/contact', {
        ...valid(),
        email: target,
        subject: `Flood ${i} ${target}`,
      });
      expect(response.status).toBe(200);
    }
    const mail = await readOutbox();
    expect(mail.filter((m) => m.to.includes(target))).toHaveLength(3);
    expect(mail.filter((m) => m.to.includes(BUSINESS) && m.subject.includes(target))).toHaveLength(5);
  });

  it('refuses over-long fields', async () => {
    const response = await post('/api/contact', { ...valid(), message: 'x'.repeat(5001) });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ msg: 'Message must be at most 5000 characters.' });
  });

  it('is rate limited per client address with 429 { msg }', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < rateLimits.contactIp.limit; i += 1) await RateLimit.hit(rateLimits.contactIp, ip);
    const body = valid();
    const response = await post('/api/contact', body, ip);
    expect(response.status).toBe(429);
    expect(await json(response)).toMatchObject({ msg: RateLimit.TOO_MANY });
    expect((await readOutbox()).some((m) => m.to.includes(body.email))).toBe(false);
    // Another address still gets through.
    expect((await post('/api/contact', valid(), '10.9.9.10')).status).toBe(200);
  });
});

describe('POST /api/service-request', () => {
  const valid = () => {
    const id = unique();
    return {
      name: 'Sam Carter',
      email: `sam-${id}@example.com`,
      generalIssue: `Check engine light ${id}`,
      detailedDescription: 'The light came on\nafter I filled up. <i>Help</i>',
      carMake: 'Honda',
      carModel: 'Civic',
      carTrim: 'EX',
      vin: '1hgcm82633a004352',
    };
  };

  it('stores the request, mails it to the shop (reply-to the visitor) and replies { msg }', async () => {
    const body = valid();
    const response = await post('/api/service-request', body);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({
      msg: 'Thank you! Your request has been sent. We will contact you within 24 hours.',
    });

    const requests = await stored('SERVICE_REQUEST');
    expect(requests.find((r) => r.email === body.email)).toMatchObject({
      name: 'Sam Carter',
      generalIssue: body.generalIssue,
      carTrim: 'EX',
      vin: '1HGCM82633A004352',
      id: expect.stringMatching(/^req_/),
      expiresAt: twoYearsFromNow(),
    });

    const mail = (await readOutbox()).filter((m) => m.subject.includes(body.generalIssue));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toEqual([BUSINESS]);
    expect(mail[0]?.subject).toBe(`Help request: ${body.generalIssue} (Honda Civic EX)`);
    expect(mail[0]?.text).toContain('1HGCM82633A004352');
    expect(mail[0]?.text).toContain('The light came on\nafter I filled up.');
    expect(mail[0]?.html).toContain('&lt;i&gt;Help&lt;/i&gt;');
    // No mail to the visitor: the form must not send mail to any address typed into it.
    expect((await readOutbox()).some((m) => m.to.includes(body.email))).toBe(false);
  });

  it('accepts a request without carTrim (optional)', async () => {
    const { carTrim: _omitted, ...body } = valid();
    const response = await post('/api/service-request', body);
    expect(response.status).toBe(200);
    const blank = await post('/api/service-request', { ...valid(), carTrim: '' });
    expect(blank.status).toBe(200);
  });

  it.each([
    ['name', 'Name is required.'],
    ['email', 'Email is required.'],
    ['generalIssue', 'General issue is required.'],
    ['detailedDescription', 'Detailed description is required.'],
    ['carMake', 'Car make is required.'],
    ['carModel', 'Car model is required.'],
    ['vin', 'VIN is required.'],
  ])('refuses a missing or blank %s with 400 and stores nothing', async (field, msg) => {
    await refuses('/api/service-request', valid, field, [undefined, '  '], msg, async (body) =>
      (await stored('SERVICE_REQUEST')).some((r) => r.generalIssue === body.generalIssue),
    );
  });

  it.each([
    ['vin', 'VIN must be 5 to 17 letters and digits (no I, O or Q).', '1HG-CM82'],
    ['vin', 'VIN must be 5 to 17 letters and digits (no I, O or Q).', '1HGOM82633A004352'],
    ['vin', 'VIN must be at most 17 characters.', '1HGCM82633A0043521'],
    ['email', 'Please enter a valid email address.', 'nope'],
    ['name', 'Name cannot contain line breaks.', 'Sam\r\nBcc: victim@example.com'],
    ['generalIssue', 'General issue cannot contain line breaks.', 'Noise\nBcc: victim@example.com'],
  ])('refuses an invalid %s (%s)', async (field, msg, value) => {
    await refuses('/api/service-request', valid, field, [value], msg);
  });

  it('is rate limited per client address (429)', async () => {
    const ip = '10.8.8.8';
    for (let i = 0; i < rateLimits.serviceRequestIp.limit; i += 1) {
      await RateLimit.hit(rateLimits.serviceRequestIp, ip);
    }
    const response = await post('/api/service-request', valid(), ip);
    expect(response.status).toBe(429);
    expect(await json(response)).toMatchObject({ msg: RateLimit.TOO_MANY });
  });
});
