import type { LinkComponent } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, createContext, type ReactNode, useContext } from 'react';

/**
 * The links of the parts the home page shares with the app: the layout, the
 * hero, the service cards, the checklist (decision 048). Inside the app
 * (routes/__root.tsx) they are TanStack Router's `Link`: client-side
 * navigation with preloading. The pre-rendered home page starts without the
 * router (web/src/home/start.tsx), so there they are plain anchors with the same
 * markup, and a click loads the next page. This module imports the router's
 * types only, never its code.
 */
type Navigation = {
  /** The router's Link, when the router runs. */
  Link?: LinkComponent<'a'>;
  /** The current address (path, search and hash), to close menus when it changes. */
  href: string;
};

const NavigationContext = createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

/** The current address: the router's inside the app, the page's own on the home page. */
export function useCurrentHref(): string {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useCurrentHref: no NavigationProvider above this component.');
  return navigation.href;
}

/** TanStack Router's Link inside the app, a plain anchor without it. Typed as the router's Link. */
export const AppLink = function AppLink(props: PlainLinkProps) {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('AppLink: no NavigationProvider above this component.');
  const { Link } = navigation;
  return Link ? (
    <Link {...(props as Parameters<typeof Link>[0])} />
  ) : (
    <PlainLink {...props} current={navigation.href} />
  );
} as LinkComponent<'a'>;

/** What the shared parts pass to their links. */
type PlainLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  to: string;
  params?: Record<string, string>;
  search?: Record<string, string>;
  hash?: string;
  activeOptions?: { exact?: boolean };
  children?: ReactNode;
};

/**
 * The anchor TanStack Router's Link renders, without the router: the path
 * with its params filled in, the search and the hash; and, when it points at
 * the current page, the same `active` class, `data-status` and
 * `aria-current` the router's Link adds.
 */
function PlainLink({
  to,
  params,
  search,
  hash,
  activeOptions,
  className,
  children,
  current,
  ...anchor
}: PlainLinkProps & { current: string }) {
  const path = to.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const query = search ? `?${new URLSearchParams(search).toString()}` : '';
  const target = `${path}${query}${hash ? `#${hash}` : ''}`;
  const here = new URL(current, 'http://localhost');
  const samePath = activeOptions?.exact
    ? here.pathname === path
    : here.pathname === path || path === '/' || here.pathname.startsWith(`${path}/`);
  const sameSearch = Object.entries(search ?? {}).every(
    ([key, value]) => here.searchParams.get(key) === value,
  );
  const active = samePath && sameSearch;
  return (
    <a
      {...anchor}
      href={target}
      className={active ? (className ? `${className} active` : 'active') : className}
      data-status={active ? 'active' : undefined}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </a>
  );
}
