import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagePathPattern, routePaths } from './site-routes';

const routeTree = readFileSync(new URL('../../web/src/routeTree.gen.ts', import.meta.url), 'utf8');

describe('the route table for 404s', () => {
  const paths = routePaths(routeTree);
  const isPage = (path: string) => new RegExp(pagePathPattern(paths), 'i').test(path);

  it('reads every full path of the generated route tree', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/about', '/blog/$slug', '/book/$serviceId/', '/admin']),
    );
  });

  it('knows the static pages, with or without a trailing slash, in any case', () => {
    for (const path of ['/', '/services', '/services/', '/About', '/blog', '/blog/', '/dashboard', '/admin'])
      expect(isPage(path), path).toBe(true);
  });

  it('matches dynamic segments by pattern', () => {
    for (const path of ['/blog/winter-tires', '/book/01HZX/', '/book/01HZX/details', '/reset-password/abc'])
      expect(isPage(path), path).toBe(true);
  });

  it('refuses the rest', () => {
    for (const path of ['/nope', '/blog/a/b', '/book', '/book/x/y/z', '/services/extra', '/admin/x', '//'])
      expect(isPage(path), path).toBe(false);
  });

  it('reads a tree with a splat route', () => {
    const pattern = new RegExp(pagePathPattern(['/', '/files/$']), 'i');
    expect(pattern.test('/files/a/b')).toBe(true);
    expect(pattern.test('/other')).toBe(false);
  });
});
