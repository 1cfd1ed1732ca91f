import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagePathPattern, pagePatternsBySection, routePaths } from './site-routes';

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

  it('cut by first segment (the Router reads it so), answers as the whole table does', () => {
    const withDynamicFirst = [...paths, '/$lang/welcome', '/files/$'];
    for (const table of [paths, withDynamicFirst]) {
      const whole = new RegExp(pagePathPattern(table), 'i');
      const sections = pagePatternsBySection(table);
      const bySection = (path: string) => {
        const pattern = sections[path.split('/')[1]?.toLowerCase() ?? ''] ?? sections['*'];
        return pattern !== undefined && new RegExp(pattern, 'i').test(path);
      };
      const samples = [
        '/',
        '/About',
        '/blog/',
        '/blog/x',
        '/blog/x/y',
        '/book/1/details',
        '/nope',
        '//',
        '/fr/welcome',
      ];
      for (const path of [...samples, '/files/a/b', '/Admin/', '/tech/x'])
        expect(bySection(path), path).toBe(whole.test(path));
    }
    expect(pagePatternsBySection(paths)['*']).toBeUndefined();
    expect(pagePatternsBySection(withDynamicFirst)['*']).toBeDefined();
  });
});
