import { Link, type LinkComponentProps } from '@tanstack/react-router';

/**
 * Paths the site links to whose pages arrive in later issues (doc 1 §2, doc 2).
 * TanStack Router types `to` against the routes that exist, so until a page
 * lands, links to it go through SiteLink: still client-side navigation (the
 * not-found page shows inside the layout meanwhile). When a route is added,
 * its links can switch to a plain <Link>.
 */
export type PlannedPath = '/about' | '/testimonials' | '/blog' | '/contact' | '/work-order-portal';

type SiteLinkProps = Omit<LinkComponentProps<'a'>, 'to' | 'params' | 'search' | 'hash' | 'state'> & {
  to: PlannedPath;
};

export function SiteLink({ to, ...props }: SiteLinkProps) {
  return <Link {...props} to={to as string as '/'} />;
}
