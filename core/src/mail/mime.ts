/**
 * A MIME message (RFC 5322, 2045-2047, 2231) for SES `SendRawEmail`: used for
 * mail with attachments, which `SendEmail` cannot carry. Pure: no I/O, only
 * `crypto.getRandomValues` for the boundaries and the Message-ID.
 *
 * The shape:
 *
 *     multipart/mixed
 *       multipart/alternative      (text/plain and text/html, UTF-8, quoted-printable)
 *       attachment ...             (base64, 76-character lines)
 *
 * (without an HTML body the text/plain part stands where the alternative would).
 * Every line ends in CRLF and the whole message is 7-bit ASCII.
 *
 * Header injection is impossible by construction: an address with a control
 * character (CR and LF among them) is refused with a RangeError, a subject or
 * file name has its control characters replaced by spaces, and a content
 * type must match a strict token grammar. A subject that is not short plain
 * ASCII goes out as RFC 2047 encoded-words, whose base64 has no line breaks.
 *
 * A boundary is `=_` and 32 random hex digits: quoted-printable only writes
 * `=` before two hex digits or a line break, and base64 only as final padding,
 * so no encoded part can contain it; the assembled parts are checked anyway
 * and a boundary that occurs in them is drawn again.
 */

/**
 * `content` is text, sent as its UTF-8 bytes; with `encoding: 'base64'` it is
 * already the base64 of the bytes (a PDF), sent as they are.
 */
export type MimeAttachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };

export type MimeInput = {
  /** `addr@example.com` or `Display Name <addr@example.com>`. */
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MimeAttachment[];
  /** The Date header; now when absent. */
  date?: Date;
  /** More header fields (List-Unsubscribe, RFC 2369 and 8058): printable ASCII, never one of the above. */
  headers?: Record<string, string>;
};

/** The names a caller's extra header may have: RFC 5322 field names, none the builder writes itself. */
const FIELD_NAME = /^[A-Za-z0-9-]+$/;
const OWN_FIELDS = new Set([
  'from',
  'to',
  'reply-to',
  'subject',
  'date',
  'message-id',
  'mime-version',
  'content-type',
]);

/** An extra header field, folded at its spaces; throws for a name or value the message cannot carry. */
export function extraHeader(name: string, value: string): string {
  if (!FIELD_NAME.test(name) || OWN_FIELDS.has(name.toLowerCase())) {
    throw new RangeError(`A mail cannot carry a header named ${JSON.stringify(name)}.`);
  }
  if (!isPlainAscii(value) || value.length > 900) {
    throw new RangeError(`The ${name} header must be printable ASCII of at most 900 characters.`);
  }
  return foldHeader(name, value.split(' ').filter(Boolean));
}

const CRLF = '\r\n';
/** RFC 5322's recommended line length, used when folding headers. */
const HEADER_LINE = 78;
/** Longest quoted-printable line, the soft-break `=` included (RFC 2045). */
const QP_LINE = 76;
const BASE64_LINE = 76;

const utf8 = new TextEncoder();

/** The UTF-8 length of one character (a code point). */
function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Control characters (C0, DEL, C1 with NEL) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of bytes, in one line. */
export function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63]! : '=';
  }
  return out;
}

/** Base64 of the text's UTF-8 bytes, in lines of 76 characters joined by CRLF. */
export function base64Lines(text: string): string {
  return wrapBase64(base64(utf8.encode(text)));
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Base64 text in lines of 76 characters joined by CRLF; anything but base64 is a RangeError. */
export function wrapBase64(encoded: string): string {
  if (encoded.length % 4 !== 0 || !BASE64.test(encoded)) throw new RangeError('Not base64 content.');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += BASE64_LINE) lines.push(encoded.slice(i, i + BASE64_LINE));
  return lines.join(CRLF);
}

const hexByte = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Quoted-printable (RFC 2045 §6.7) of the text's UTF-8 bytes. Line breaks of
 * any kind become CRLF (hard breaks); lines longer than 76 characters get soft
 * breaks (`=` CRLF), never inside an `=XX` escape; a space or tab at the end
 * of a line is escaped.
 */
export function quotedPrintable(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const bytes = utf8.encode(line);
      const tokens = Array.from(bytes, (byte, i) => {
        const last = i === bytes.length - 1;
        if ((byte === 0x20 || byte === 0x09) && last) return hexByte(byte);
        if (byte === 0x20 || byte === 0x09 || (byte >= 0x21 && byte <= 0x7e && byte !== 0x3d)) {
          return String.fromCharCode(byte);
        }
        return hexByte(byte);
      });
      const physical: string[] = [];
      let current = '';
      for (const token of tokens) {
        // Room is left for the soft break's '='.
        if (current.length + token.length > QP_LINE - 1) {
          physical.push(`${current}=`);
          current = '';
        }
        current += token;
      }
      physical.push(current);
      return physical.join(CRLF);
    })
    .join(CRLF);
}

const isPlainAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** The text with every run of control characters (CR and LF among them) replaced by a space. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, ' ');
}

/**
 * Longest run of UTF-8 bytes in one encoded-word: 39 bytes are 52 base64
 * characters, 64 with `=?UTF-8?B?` and `?=`, so even after `Reply-To: ` a line
 * stays within RFC 2047's 76 characters.
 */
const WORD_BYTES = 39;

/** RFC 2047 encoded-words (`=?UTF-8?B?...?=`) for the text, each whole characters only. */
export function encodedWords(text: string): string[] {
  const words: string[] = [];
  let chunk = '';
  let size = 0;
  for (const char of text) {
    const bytes = utf8Length(char);
    if (size + bytes > WORD_BYTES && chunk) {
      words.push(chunk);
      chunk = '';
      size = 0;
    }
    chunk += char;
    size += bytes;
  }
  if (chunk || words.length === 0) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${base64(utf8.encode(word))}?=`);
}

/** `Name: a b, c` with a fold (CRLF and a space) before a piece that would pass 78 characters. Pieces are never split. */
function foldHeader(name: string, pieces: string[]): string {
  let out = `${name}:`;
  let lineLength = out.length;
  pieces.forEach((piece, i) => {
    if (i > 0 && lineLength + 1 + piece.length > HEADER_LINE) {
      out += `${CRLF} ${piece}`;
      lineLength = 1 + piece.length;
    } else {
      out += ` ${piece}`;
      lineLength += 1 + piece.length;
    }
  });
  return out;
}

/** An address without display name: ASCII, no spaces, quotes, brackets or controls, one '@'. */
const ADDR_SPEC = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const NAME_AND_ADDRESS = /^(.*?)\s*<([^<>]*)>$/;
/** RFC 5322 atext and spaces: a display name that needs no quoting. */
const PLAIN_PHRASE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+$/;

type Mailbox = { name: string; address: string };

/** Reads `addr` or `Name <addr>`; refuses control characters and anything that is not a plain address. */
export function parseMailbox(value: string): Mailbox {
  if (CONTROL.test(value))
    throw new RangeError('A mail address cannot contain line breaks or control characters.');
  const trimmed = value.trim();
  const match = NAME_AND_ADDRESS.exec(trimmed);
  const [name, address] = match ? [match[1]!.replace(/^"(.*)"$/, '$1'), match[2]!.trim()] : ['', trimmed];
  if (!ADDR_SPEC.test(address) || address.length > 254) {
    throw new RangeError(`Not a mail address: ${JSON.stringify(address)}`);
  }
  return { name: name.trim(), address };
}

function formatMailbox({ name, address }: Mailbox): string[] {
  if (!name) return [address];
  if (!isPlainAscii(name) || name.includes('=?')) return [...encodedWords(name), `<${address}>`];
  if (PLAIN_PHRASE.test(name)) return [`${name} <${address}>`];
  return [`"${name.replace(/[\\"]/g, '\\$&')}" <${address}>`];
}

function addressHeader(header: string, values: string[]): string {
  const pieces = values.flatMap((value, i) => {
    const mailbox = formatMailbox(parseMailbox(value));
    return i < values.length - 1 ? [...mailbox.slice(0, -1), `${mailbox.at(-1)},`] : mailbox;
  });
  return foldHeader(header, pieces);
}

function subjectHeader(subject: string): string {
  const clean = withoutControls(subject);
  const plain = `Subject: ${clean}`;
  if (isPlainAscii(clean) && !clean.includes('=?') && plain.length <= HEADER_LINE) return plain;
  return foldHeader('Subject', encodedWords(clean));
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** RFC 5322 date-time in UTC: `Mon, 23 Nov 2026 15:00:00 +0000`. */
export function rfc5322Date(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`
  );
}

const TOKEN = '[A-Za-z0-9!#$&^_.+-]+';
/** `type/subtype` with `; name=value` parameters (token or quoted value); nothing else. */
const CONTENT_TYPE = new RegExp(
  `^${TOKEN}/${TOKEN}(?:\\s*;\\s*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\x00-\\x1f\\x7f]*"))*$`,
);

/** The attachment's name as a header parameter: no controls or path, RFC 2231 when not plain ASCII. */
function filenameParameter(parameter: 'name' | 'filename', filename: string): string {
  const clean = withoutControls(filename).replace(/[/\\]/g, '_').trim() || 'attachment';
  if (isPlainAscii(clean)) return `${parameter}="${clean.replace(/[\\"]/g, '\\$&')}"`;
  const encoded = Array.from(utf8.encode(clean), (byte) =>
    /[A-Za-z0-9.!#$&+^_`|~-]/.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
  return `${parameter}*=UTF-8''${encoded}`;
}

function textPart(subtype: 'plain' | 'html', body: string): string {
  return [
    `Content-Type: text/${subtype}; charset=UTF-8`,
    'Content-Transfer-Encoding: quoted-printable',
    '',
    quotedPrintable(body),
  ].join(CRLF);
}

function attachmentPart(attachment: MimeAttachment): string {
  const contentType = attachment.contentType.trim();
  if (!CONTENT_TYPE.test(contentType)) {
    throw new RangeError(`Not a content type: ${JSON.stringify(attachment.contentType)}`);
  }
  return [
    `Content-Type: ${contentType};${CRLF} ${filenameParameter('name', attachment.filename)}`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment;${CRLF} ${filenameParameter('filename', attachment.filename)}`,
    '',
    attachment.encoding === 'base64' ? wrapBase64(attachment.content) : base64Lines(attachment.content),
  ].join(CRLF);
}

/** A multipart body of the parts, with a boundary that none of them contains. */
function multipart(subtype: 'mixed' | 'alternative', parts: string[]): string {
  let boundary: string;
  do boundary = `=_${randomHex(16)}`;
  while (parts.some((part) => part.includes(boundary)));
  return [
    `Content-Type: multipart/${subtype};${CRLF} boundary="${boundary}"`,
    '',
    ...parts.map((part) => `--${boundary}${CRLF}${part}`),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/** The whole message, headers and body, CRLF line ends, 7-bit ASCII. */
export function buildMimeMessage(input: MimeInput): string {
  const from = parseMailbox(input.from);
  if (input.to.length === 0) throw new RangeError('A mail needs at least one recipient.');
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);

  const body = input.html
    ? multipart('alternative', [textPart('plain', input.text), textPart('html', input.html)])
    : textPart('plain', input.text);
  const attachments = input.attachments ?? [];
  const content =
    attachments.length > 0 ? multipart('mixed', [body, ...attachments.map(attachmentPart)]) : body;

  const headers = [
    addressHeader('From', [input.from]),
    addressHeader('To', input.to),
    ...(input.replyTo ? [addressHeader('Reply-To', [input.replyTo])] : []),
    subjectHeader(input.subject),
    `Date: ${rfc5322Date(input.date ?? new Date())}`,
    `Message-ID: <${randomHex(16)}@${domain}>`,
    'MIME-Version: 1.0',
    ...Object.entries(input.headers ?? {}).map(([name, value]) => extraHeader(name, value)),
  ];
  return `${headers.join(CRLF)}${CRLF}${content}`;
}
