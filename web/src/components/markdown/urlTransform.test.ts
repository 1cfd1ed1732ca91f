import { describe, expect, it } from 'vitest';
import { safeUrl } from './urlTransform';

describe('safeUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/a?b=c#d',
    'HTTPS://EXAMPLE.COM',
    'irc://irc.example.net/channel',
    'ircs://irc.example.net/channel',
    'mailto:info@example.com',
    'xmpp:shop@example.com',
    // Relative URLs.
    '/services',
    '../blog/other-post',
    'other-post',
    '#comments',
    '?page=2',
    '/a:b',
    'tips?x=1:2',
    '',
  ])('keeps %j', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'javascript&colon;alert(1):',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'tel:+16105550142',
  ])('drops %j', (url) => {
    expect(safeUrl(url)).toBeUndefined();
  });
});
