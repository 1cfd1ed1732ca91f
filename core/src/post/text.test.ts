import { describe, expect, it } from 'vitest';
import { slugify, summaryOf } from './text';

describe('slugify', () => {
  it.each([
    ['Winter Car-Care: 7 Tips!', 'winter-car-care-7-tips'],
    ['  Brakes & Rotors  ', 'brakes-and-rotors'],
    ['Café crème', 'cafe-creme'],
    ['***', ''],
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('stays within 80 characters and never ends in a hyphen', () => {
    const slug = slugify(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('summaryOf', () => {
  it('turns markdown into plain text', () => {
    const markdown = [
      '# Heading',
      '',
      'Some **bold** text with [a link](https://example.com) and ![an image](/images/x.png).',
      '',
      '- first item',
      '1. numbered',
    ].join('\n');
    expect(summaryOf(markdown)).toBe('Heading Some bold text with a link and . first item numbered');
  });

  it('cuts long text at a word with an ellipsis', () => {
    const summary = summaryOf('lorem ipsum '.repeat(100), 50);
    expect(summary.length).toBeLessThanOrEqual(51);
    expect(summary.endsWith('…')).toBe(true);
  });
});
