/**
 * The public pages: the web build pre-renders each to static HTML
 * (web/scripts/prerender.mjs, decision 043), and /sitemap.xml lists them
 * (functions/src/api/sitemap.ts, decision 044). One list for both.
 */
export const publicPages: readonly string[] = [
  '/',
  '/services',
  '/about',
  '/contact',
  '/testimonials',
  '/blog',
  '/terms',
  '/privacy',
  '/login',
  '/register',
  '/work-order-portal',
];
