import { business } from './business';

/**
 * The site's own address, when the build knows it (VITE_SITE_URL: the
 * Router's URL on AWS, infra/web.ts). Without it (a local build) page
 * addresses in the head are site-relative.
 */
export const siteUrl = (import.meta.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');

/** A path on this site as an address: absolute when the build knows the site's address. */
export const absoluteUrl = (pathOrUrl: string): string =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`;

type PageHead = {
  title: string;
  description: string;
  /** The page's path, e.g. '/services'. */
  path: string;
  type?: 'website' | 'article';
};

/**
 * A public page's head (decision 044): its title, a meta description, the
 * Open Graph tags and the canonical link, for a route's `head` option. The
 * build pre-renders them into each page's HTML (decision 043). The canonical
 * address is the page's path without its query, so a filtered list
 * (`/services?search=brakes`) names the page itself (decision 055).
 */
export function pageHead({ title, description, path, type = 'website' }: PageHead) {
  const meta: (
    { title: string } | { name: string; content: string } | { property: string; content: string }
  )[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: type },
    { property: 'og:url', content: `${siteUrl}${path}` },
    { property: 'og:site_name', content: business.name },
    { property: 'og:locale', content: 'en_US' },
  ];
  return { meta, links: [{ rel: 'canonical', href: `${siteUrl}${path}` }] };
}
