import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  RouterContextProvider,
} from '@tanstack/react-router';
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppLink, NavigationProvider } from './links';

/**
 * The home page's plain links must draw what the router's Link draws
 * (decision 048): the same addresses for the visitor and the crawlers, and
 * the same active marks for the styles.
 */
const paths = ['/about', '/services', '/dashboard', '/book/$serviceId'];
async function routerAt(at: string) {
  const root = createRootRoute();
  const router = createRouter({
    routeTree: root.addChildren(paths.map((path) => createRoute({ getParentRoute: () => root, path }))),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  await router.load();
  return router;
}

/** An anchor's attributes in a fixed order (the two order them differently, which the DOM ignores). */
const normalized = (html: string): string => {
  const [, attributes = '', text = ''] = /^<a ([^>]*)>(.*)<\/a>$/.exec(html) ?? [];
  return `<a ${(attributes.match(/[\w-]+="[^"]*"/g) ?? []).sort().join(' ')}>${text}</a>`;
};

type Props = Record<string, unknown> & { to: string; children: ReactNode };
const cases: Props[] = [
  { to: '/', activeOptions: { exact: true }, className: 'brand', children: 'Home' },
  { to: '/', hash: 'services', activeOptions: { exact: true }, children: 'Services' },
  { to: '/about', className: 'button button--outline-light', children: 'About' },
  { to: '/services', children: 'Home' },
  { to: '/dashboard', search: { tab: 'account' }, className: 'button', children: 'Account' },
  { to: '/book/$serviceId', params: { serviceId: 'svc 1/2' }, 'aria-label': 'Book Oil', children: 'Book' },
];

async function routerMarkup(at: string, props: Props): Promise<string> {
  const router = await routerAt(at);
  return normalized(
    renderToString(
      createElement(RouterContextProvider, { router } as never, createElement(Link, props as never)),
    ),
  );
}

const plainMarkup = (at: string, props: Props): string =>
  normalized(
    renderToString(
      createElement(NavigationProvider, { value: { href: at } }, createElement(AppLink, props as never)),
    ),
  );

describe('AppLink without the router', () => {
  for (const at of ['/', '/about']) {
    it.each(cases)(`on ${at}, renders what the router's Link renders for $to`, async (props) => {
      expect(plainMarkup(at, props)).toBe(await routerMarkup(at, props));
    });
  }

  it('marks only the current page as active', () => {
    expect(plainMarkup('/', cases[0]!)).toContain('aria-current="page"');
    expect(plainMarkup('/', cases[2]!)).not.toContain('aria-current');
    expect(plainMarkup('/about', cases[2]!)).toContain('class="button button--outline-light active"');
    expect(plainMarkup('/', cases[5]!)).toContain('href="/book/svc%201%2F2"');
    expect(plainMarkup('/', cases[4]!)).toContain('href="/dashboard?tab=account"');
  });

  it('needs a NavigationProvider', () => {
    expect(() => renderToString(createElement(AppLink, cases[0] as never))).toThrow(/NavigationProvider/);
  });
});
