import type { QueryClient } from '@tanstack/react-query';
import { business, pageTitle } from './business';
import { pageHead } from './seo';

/**
 * The public pages' titles and meta descriptions, one table (issue 32): what search engines and
 * shared links show of each page (decision 044). A route takes its row with `publicPage(path)`.
 */
const pages = {
  '/': [
    `${business.name} | Mobile Car Repair & Detailing in ${business.area}`,
    'Mobile car repair, maintenance and detailing at your home or office in West Chester, PA. See our services and prices, and book online.',
  ],
  '/services': [
    pageTitle('Services'),
    'Our mobile repair, maintenance and detailing services in West Chester, PA, with prices and durations. Filter the list and book online.',
  ],
  '/about': [
    pageTitle('About Us'),
    'Who we are: certified technicians who bring the shop to your driveway in West Chester, PA, with honest prices and guaranteed work.',
  ],
  '/testimonials': [
    pageTitle('Testimonials & Reviews'),
    'What drivers in West Chester, PA say about our mobile car repair and detailing: customer testimonials and Google reviews.',
  ],
  '/blog': [
    pageTitle('Blog'),
    'Car-care tips, seasonal checklists and news from the technicians of Mobile Auto Care in West Chester, PA.',
  ],
  '/contact': [
    pageTitle('Contact Us'),
    'Call, email or send us a message: questions about a service, a quote for a custom job, or feedback on a visit in West Chester, PA.',
  ],
  '/work-order-portal': [
    pageTitle('Work Order Portal'),
    'Download your work order as a PDF with its number and your email address, any time, no account needed.',
  ],
  '/terms': [
    pageTitle('Terms of Service'),
    'The terms that apply when you book or receive a mobile repair or detailing service from Mobile Auto Care.',
  ],
  '/privacy': [
    pageTitle('Privacy Policy'),
    'What Mobile Auto Care collects to look after your vehicle, how it is used and kept, and your choices.',
  ],
} satisfies Record<string, [title: string, description: string]>;

export type PublicPath = keyof typeof pages;

/**
 * A public page's route options: its head from the table above, and a loader that starts the
 * page's reads without holding the page (each list shows its loading text meanwhile):
 * `createFileRoute('/about')({ ...publicPage('/about', (client) => client.prefetchQuery(...)), component })`.
 */
export function publicPage(path: PublicPath, prefetch?: (queryClient: QueryClient) => unknown) {
  const [title, description] = pages[path];
  return {
    head: () => pageHead({ title, description, path }),
    loader: ({ context }: { context: { queryClient: QueryClient } }) => {
      void prefetch?.(context.queryClient);
    },
  };
}
