import { describe, expect, it } from 'vitest';
import {
  base64Lines,
  buildMimeMessage,
  encodedWords,
  type MimeInput,
  parseMailbox,
  quotedPrintable,
  rfc5322Date,
} from './mime';

/*
 * A small reader for what buildMimeMessage writes, independent of it: splits
 * headers from body, unfolds headers, splits multiparts at their boundary and
 * decodes quoted-printable, base64 and encoded-words with Node's Buffer. The
 * API test (tests/mail-outbox.api.test.ts) reads the same messages back
 * through the SES stand-in's parser (mailparser).
 */
type Part = { headers: Map<string, string>; rawHeaders: string; body: string };

function readPart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const rawHeaders = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of rawHeaders.replace(/\r\n[ \t]/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, rawHeaders, body };
}

function boundaryOf(part: Part): string {
  const match = /boundary="([^"]+)"/.exec(part.headers.get('content-type') ?? '');
  if (!match?.[1]) throw new Error('no boundary');
  return match[1];
}

function children(part: Part): Part[] {
  const boundary = boundaryOf(part);
  const [, ...rest] = part.body.split(`--${boundary}\r\n`);
  const last = rest.length - 1;
  rest[last] = rest[last]!.slice(0, rest[last]!.indexOf(`\r\n--${boundary}--`));
  return rest.map((chunk, i) => readPart(i < last ? chunk.replace(/\r\n$/, '') : chunk));
}

const decodeQp = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'));

const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Détail complet\\, intérieur\r\nEND:VCALENDAR\r\n';

const base: MimeInput = {
  from: 'Mobile Auto Care <no-reply@mobileautocare.example>',
  to: ['customer@example.com'],
  replyTo: 'shop@mobileautocare.example',
  subject: 'Booking received: Full Detail',
  text: 'Hello,\n\nYour booking is received.',
  html: '<p>Hello,</p><p>Your booking is received.</p>',
  attachments: [
    {
      filename: 'appointment.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: ics,
    },
  ],
  date: new Date('2026-11-20T15:04:05Z'),
};

describe('the structure of a MIME message', () => {
  it('is multipart/mixed holding multipart/alternative (text, html) and the attachment', () => {
    const message = readPart(buildMimeMessage(base));
    expect(message.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary="=_[0-9a-f]{32}"$/);
    const [alternative, attachment, ...more] = children(message);
    expect(more).toHaveLength(0);
    expect(alternative?.headers.get('content-type')).toMatch(/^multipart\/alternative; boundary=/);
    const [text, html] = children(alternative!);
    expect(text?.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(text?.headers.get('content-transfer-encoding')).toBe('quoted-printable');
    expect(decodeQp(text!.body)).toBe('Hello,\r\n\r\nYour booking is received.');
    expect(html?.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(decodeQp(html!.body)).toBe(base.html);
    expect(attachment?.headers.get('content-type')).toBe(
      'text/calendar; charset=utf-8; method=PUBLISH; name="appointment.ics"',
    );
    expect(attachment?.headers.get('content-transfer-encoding')).toBe('base64');
    expect(attachment?.headers.get('content-disposition')).toBe('attachment; filename="appointment.ics"');
    expect(Buffer.from(attachment!.body, 'base64').toString('utf8')).toBe(ics);
  });

  it('has the headers From, To, Reply-To, Subject, Date, Message-ID and MIME-Version, in that order', () => {
    const message = readPart(buildMimeMessage(base));
    expect([...message.headers.keys()]).toEqual([
      'from',
      'to',
      'reply-to',
      'subject',
      'date',
      'message-id',
      'mime-version',
      'content-type',
    ]);
    expect(message.headers.get('from')).toBe('Mobile Auto Care <no-reply@mobileautocare.example>');
    expect(message.headers.get('to')).toBe('customer@example.com');
    expect(message.headers.get('reply-to')).toBe('shop@mobileautocare.example');
    expect(message.headers.get('subject')).toBe('Booking received: Full Detail');
    expect(message.headers.get('date')).toBe('Fri, 20 Nov 2026 15:04:05 +0000');
    expect(message.headers.get('message-id')).toMatch(/^<[0-9a-f]{32}@mobileautocare\.example>$/);
    expect(message.headers.get('mime-version')).toBe('1.0');
  });

  it('leaves out Reply-To when there is none, and puts the text part in place of the alternative without HTML', () => {
    const message = readPart(buildMimeMessage({ ...base, replyTo: undefined, html: undefined }));
    expect(message.headers.has('reply-to')).toBe(false);
    const [text, attachment] = children(message);
    expect(text?.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(attachment?.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('holds several attachments and several recipients', () => {
    const message = readPart(
      buildMimeMessage({
        ...base,
        to: ['a@example.com', 'b@example.com'],
        attachments: [
          ...base.attachments!,
          { filename: 'notes.txt', contentType: 'text/plain', content: 'hi' },
        ],
      }),
    );
    expect(message.headers.get('to')).toBe('a@example.com, b@example.com');
    const parts = children(message);
    expect(parts).toHaveLength(3);
    expect(Buffer.from(parts[2]!.body, 'base64').toString()).toBe('hi');
  });

  it('ends every line in CRLF, is 7-bit ASCII, and keeps lines short', () => {
    const raw = buildMimeMessage({
      ...base,
      subject: 'Réservation reçue 🚗 '.repeat(6),
      text: `${'é'.repeat(300)}\n${'x'.repeat(500)}\r\nlast`,
      attachments: [{ ...base.attachments![0]!, content: 'ü'.repeat(2000) }],
    });
    expect(raw).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
    expect(raw).toMatch(/^[\x20-\x7e\r\n]*$/);
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
    // RFC 2047: a header line with encoded-words holds at most 76 characters.
    for (const line of readPart(raw).rawHeaders.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
  });

  it('draws boundaries at random, different for each multipart, and never found in the parts', () => {
    // A text that writes out something shaped like a boundary: quoted-printable escapes its '='.
    const raw = buildMimeMessage({ ...base, text: '--=_0123456789abcdef0123456789abcdef\n--=_ and =_' });
    const message = readPart(raw);
    const outer = boundaryOf(message);
    const inner = boundaryOf(children(message)[0]!);
    expect(outer).not.toBe(inner);
    expect(boundaryOf(readPart(buildMimeMessage(base)))).not.toBe(outer);
    for (const boundary of [outer, inner]) {
      const lines = raw.split('\r\n').filter((line) => line.startsWith(`--${boundary}`));
      expect(lines.every((line) => line === `--${boundary}` || line === `--${boundary}--`)).toBe(true);
    }
    expect(raw.split('\r\n').filter((line) => line.startsWith('--=_'))).toHaveLength(6);
    expect(decodeQp(children(children(message)[0]!)[0]!.body)).toBe(
      '--=_0123456789abcdef0123456789abcdef\r\n--=_ and =_',
    );
  });
});

describe('encodings', () => {
  it('writes quoted-printable that decodes to the text, with lines of at most 76 characters', () => {
    const texts = [
      'plain words',
      'a = b, trailing space \nand tab\t\nend',
      'x'.repeat(75),
      'x'.repeat(76),
      'x'.repeat(300),
      `${'y'.repeat(74)}é and ${'z'.repeat(73)}€€€`,
      'ünïcödé 🚗🔧 中文 \u00a0',
      '\n\nblank lines\n\n',
      '.leading dot\nFrom the start',
    ];
    for (const text of texts) {
      const encoded = quotedPrintable(text);
      expect(decodeQp(encoded)).toBe(text.replace(/\r\n|\r|\n/g, '\r\n'));
      for (const line of encoded.split('\r\n')) {
        expect(line.length).toBeLessThanOrEqual(76);
        expect(line).toMatch(/^[\x21-\x7e \t]*$/);
        expect(line).not.toMatch(/[ \t]$/);
        // An escape is never cut by a soft break.
        expect(line).not.toMatch(/=[0-9A-F]?=$/);
      }
    }
  });

  it('survives random text round trips', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const alphabet = ['a', ' ', '\t', '=', '\n', '\r\n', 'é', '€', '🚗', '.', '-', '_', '?', 'Z'];
    for (let run = 0; run < 200; run += 1) {
      const text = Array.from(
        { length: Math.floor(random() * 300) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
      const message = readPart(
        buildMimeMessage({ ...base, subject: text.replace(/\s+/g, ' '), text, html: undefined }),
      );
      const [plain] = children(message);
      expect(decodeQp(plain!.body)).toBe(text.replace(/\r\n|\n/g, '\r\n'));
      // Readers drop the space around a header's value, as this one does.
      expect(decodeWords(message.headers.get('subject')!).trim()).toBe(text.replace(/\s+/g, ' ').trim());
    }
  });

  it('writes base64 in lines of 76 characters', () => {
    const content = 'BEGIN:VCALENDAR\r\n'.repeat(40);
    const encoded = base64Lines(content);
    const lines = encoded.split('\r\n');
    expect(lines.slice(0, -1).every((line) => line.length === 76)).toBe(true);
    expect(lines.at(-1)!.length).toBeLessThanOrEqual(76);
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(content);
    expect(base64Lines('')).toBe('');
    for (const text of ['a', 'ab', 'abc', 'é', '🚗']) {
      expect(base64Lines(text)).toBe(Buffer.from(text).toString('base64'));
    }
  });

  it('writes a non-ASCII subject as RFC 2047 encoded-words of at most 75 characters, whole characters each', () => {
    const subject = 'Réservation reçue : Détail complet, lundi 23 novembre 🚗🔧 '.repeat(3).trim();
    const header = readPart(buildMimeMessage({ ...base, subject })).headers.get('subject')!;
    const words = header.split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(word.length).toBeLessThanOrEqual(75);
      // Each word decodes on its own to valid UTF-8.
      expect(Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).not.toContain('\ufffd');
    }
    expect(decodeWords(header)).toBe(subject);
    expect(encodedWords('')).toEqual(['=?UTF-8?B??=']);
  });

  it('encodes a plain subject that is long or looks like an encoded-word, and leaves a short one as it is', () => {
    const long = 'Booking received: '.repeat(6).trim();
    expect(decodeWords(readPart(buildMimeMessage({ ...base, subject: long })).headers.get('subject')!)).toBe(
      long,
    );
    const tricky = 'Price =?UTF-8?B?SGk=?= today';
    const header = readPart(buildMimeMessage({ ...base, subject: tricky })).headers.get('subject')!;
    expect(header).not.toBe(tricky);
    expect(decodeWords(header)).toBe(tricky);
  });

  it('writes a display name in quotes or encoded, as it needs', () => {
    const from = (value: string) => readPart(buildMimeMessage({ ...base, from: value })).headers.get('from');
    expect(from('no-reply@mobileautocare.example')).toBe('no-reply@mobileautocare.example');
    expect(from('Mobile Auto Care, Inc. <no-reply@x.example>')).toBe(
      '"Mobile Auto Care, Inc." <no-reply@x.example>',
    );
    expect(from('"Quoted \\" Name" <no-reply@x.example>')).toBe('"Quoted \\\\\\" Name" <no-reply@x.example>');
    expect(decodeWords(from('Café Auto <no-reply@x.example>')!)).toBe('Café Auto <no-reply@x.example>');
  });

  it('names a non-ASCII attachment with RFC 2231, and never with a path', () => {
    const part = (filename: string) =>
      children(
        readPart(
          buildMimeMessage({ ...base, attachments: [{ filename, contentType: 'text/plain', content: 'x' }] }),
        ),
      )[1]!;
    expect(part('reçu.txt').headers.get('content-disposition')).toBe(
      "attachment; filename*=UTF-8''re%C3%A7u.txt",
    );
    expect(part('../../etc/passwd').headers.get('content-disposition')).toBe(
      'attachment; filename=".._.._etc_passwd"',
    );
    expect(part('say "hi".txt').headers.get('content-disposition')).toBe(
      'attachment; filename="say \\"hi\\".txt"',
    );
    expect(part('').headers.get('content-disposition')).toBe('attachment; filename="attachment"');
  });

  it('writes the Date in UTC', () => {
    expect(rfc5322Date(new Date('2026-03-08T07:30:00Z'))).toBe('Sun, 08 Mar 2026 07:30:00 +0000');
    expect(rfc5322Date(new Date('2027-01-01T00:00:09Z'))).toBe('Fri, 01 Jan 2027 00:00:09 +0000');
  });
});

describe('header injection', () => {
  const headerNames = (raw: string) =>
    readPart(raw)
      .rawHeaders.split('\r\n')
      .filter((line) => !line.startsWith(' '))
      .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());

  it('turns line breaks in a subject into spaces: no header of its own', () => {
    for (const subject of [
      'Hi\r\nBcc: evil@example.com',
      'Hi\nBcc: evil@example.com',
      'Hi\rBcc: evil@example.com',
      'Hi\u2028Bcc: x',
    ]) {
      const raw = buildMimeMessage({ ...base, subject });
      expect(headerNames(raw)).not.toContain('bcc');
      expect(raw).not.toMatch(/^Bcc:/im);
      expect(decodeWords(readPart(raw).headers.get('subject')!)).toMatch(/^Hi Bcc: /);
    }
  });

  it('refuses an address with a line break or any control character', () => {
    const bad = [
      'customer@example.com\r\nBcc: evil@example.com',
      'customer@example.com\nBcc: evil@example.com',
      'Name\r\n <customer@example.com>',
      'customer@example.com\u0000',
    ];
    for (const address of bad) {
      expect(() => buildMimeMessage({ ...base, to: [address] })).toThrow(RangeError);
      expect(() => buildMimeMessage({ ...base, replyTo: address })).toThrow(RangeError);
      expect(() => buildMimeMessage({ ...base, from: address })).toThrow(RangeError);
    }
  });

  it('refuses what is not one plain address', () => {
    for (const address of [
      '',
      'nobody',
      'a@b@c',
      'a b@example.com',
      'a@example.com, b@example.com',
      'ünï@example.com',
      '<a@example.com',
    ]) {
      expect(() => parseMailbox(address), address).toThrow(RangeError);
    }
    expect(() => buildMimeMessage({ ...base, to: [] })).toThrow(RangeError);
    expect(parseMailbox('Shop <shop@example.com>')).toEqual({ name: 'Shop', address: 'shop@example.com' });
  });

  it('keeps a file name with line breaks inside its parameter', () => {
    const raw = buildMimeMessage({
      ...base,
      attachments: [
        {
          filename: 'a.ics\r\nContent-Type: text/html\r\n\r\n<script>',
          contentType: 'text/calendar',
          content: 'x',
        },
      ],
    });
    const attachment = children(readPart(raw))[1]!;
    expect([...attachment.headers.keys()]).toEqual([
      'content-type',
      'content-transfer-encoding',
      'content-disposition',
    ]);
    expect(attachment.headers.get('content-type')).toBe(
      'text/calendar; name="a.ics Content-Type: text_html <script>"',
    );
  });

  it('refuses a content type that is not a plain type with parameters', () => {
    for (const contentType of [
      'text/calendar\r\nBcc: evil@example.com',
      'text/calendar; method=PUBLISH\nX: y',
      'text/calendar; name="a\r\nb"',
      'text',
      'text/calendar; charset',
      '',
    ]) {
      expect(
        () => buildMimeMessage({ ...base, attachments: [{ filename: 'a.ics', contentType, content: 'x' }] }),
        JSON.stringify(contentType),
      ).toThrow(RangeError);
    }
  });

  it('keeps line breaks of the body inside the body, where they belong', () => {
    const raw = buildMimeMessage({
      ...base,
      text: 'Hi\r\n\r\n--fake\r\nContent-Type: text/html\r\n\r\n<b>x</b>',
    });
    const [alternative] = children(readPart(raw));
    expect(children(alternative!)).toHaveLength(2);
  });
});

describe('extra header fields (List-Unsubscribe, RFC 2369 and 8058)', () => {
  const base = { from: 'Shop <shop@example.com>', to: ['a@example.com'], subject: 'Hi', text: 'Hello' };

  it('are written among the headers, folded at their spaces, before the body', () => {
    const url = `https://shop.example/api/unsubscribe/${'x'.repeat(43)}`;
    const raw = buildMimeMessage({
      ...base,
      headers: {
        'List-Unsubscribe': `<${url}>, <mailto:unsubscribe@shop.example?subject=unsubscribe>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).toContain(
      `List-Unsubscribe: <${url}>,\r\n <mailto:unsubscribe@shop.example?subject=unsubscribe>`,
    );
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('refuse a name the builder owns, a bad name, and a value with a line break', () => {
    expect(() => buildMimeMessage({ ...base, headers: { Subject: 'x' } })).toThrow(RangeError);
    expect(() => buildMimeMessage({ ...base, headers: { 'Bad Name': 'x' } })).toThrow(RangeError);
    expect(() => buildMimeMessage({ ...base, headers: { 'X-Note': 'a\r\nBcc: b@example.com' } })).toThrow(
      RangeError,
    );
  });
});
