import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PostContent } from './PostContent';

const render = (markdown: string) => renderToStaticMarkup(createElement(PostContent, { markdown }));

describe('PostContent', () => {
  it('renders markdown: headings shifted under the page title, lists, links and images', () => {
    const html = render(
      '# Winter tips\n\nCheck your **battery**.\n\n- tires\n- wipers\n\n[Our services](/services) and [Google](https://google.com)\n\n![A car](/images/car.jpg)',
    );
    expect(html).toContain('<h2>Winter tips</h2>');
    expect(html).toContain('<strong>battery</strong>');
    expect(html).toContain('<li>tires</li>');
    expect(html).toContain('<a href="/services">Our services</a>');
    expect(html).toContain('<a href="https://google.com" rel="noopener noreferrer">Google</a>');
    expect(html).toContain('<img src="/images/car.jpg" alt="A car" loading="lazy" decoding="async"/>');
  });

  it('keeps heading distances: ## and #### become h2 and h4', () => {
    const html = render('## Start\n\n#### Detail');
    expect(html).toContain('<h2>Start</h2>');
    expect(html).toContain('<h4>Detail</h4>');
  });

  it('renders a javascript: link inert: its text stays, with no href and no anchor', () => {
    const html = render('[click me](javascript:alert(1)) and <javascript:alert(2)>');
    expect(html).toContain('<span>click me</span>');
    // The autolink's text may stay as text; no attribute carries the URL.
    expect(html).toContain('<span>javascript:alert(2)</span>');
    expect(html).not.toMatch(/(href|src)="[^"]*javascript/i);
    expect(html).not.toContain('<a');
  });

  it('drops data: and vbscript: URLs from links and images', () => {
    const html = render('[x](data:text/html,hi) [y](vbscript:msgbox) ![z](data:image/svg+xml,<svg/>)');
    expect(html).not.toMatch(/data:|vbscript:/);
    expect(html).not.toContain('<img');
  });

  it('keeps mailto, xmpp and irc links', () => {
    const html = render(
      '[a](mailto:info@example.com) [b](xmpp:shop@example.com) [c](ircs://irc.example.net/x)',
    );
    expect(html).toContain('href="mailto:info@example.com"');
    expect(html).toContain('href="xmpp:shop@example.com"');
    expect(html).toContain('href="ircs://irc.example.net/x"');
  });

  it('does not render raw HTML', () => {
    const html = render('Hello <script>alert(1)</script> <b onclick="x()">bold</b>\n\n<div>block</div>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b');
    expect(html).not.toContain('<div>block');
    expect(html).not.toContain('onclick');
  });
});
