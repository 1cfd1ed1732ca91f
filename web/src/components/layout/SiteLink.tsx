import { Link, type LinkComponentProps } from '@tanstack/react-router';
import type { FileRoutesByFullPath } from '../../routeTree.gen';

/**
 * Paths the site links to whose pages arrive in later issues (doc 1 §2, doc 2).
 * TanStack Router types `to` against the routes that exist, so until a page
 * lands, links to it go through SiteLink: still client-side navigation (the
 * not-found page shows inside the layout meanwhile). When a route is added,
 * its links can switch to a plain <Link>.
 */
export type PlannedPath = '/work-order-portal';

/** A planned path, or a page that already exists (older SiteLinks keep working once their page lands). */
type SitePath = PlannedPath | keyof FileRoutesByFullPath;

type SiteLinkProps = Omit<LinkComponentProps<'a'>, 'to' | 'params' | 'search' | 'hash' | 'state'> & {
  to: SitePath;
};

export function SiteLink({ to, ...props }: SiteLinkProps) {
  return <Link {...props} to={to as string as '/'} />;
}
