import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../home/HomePage';
import { servicesQueryOptions } from '../features/services/api';
import { business } from '../lib/business';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/')({
  head: () =>
    pageHead({
      title: `${business.name} | Mobile Car Repair & Detailing in ${business.area}`,
      description:
        'Mobile car repair, maintenance and detailing at your home or office in West Chester, PA. See our services and prices, and book online.',
      path: '/',
    }),
  // Start the request early without holding the page: the list shows 'Loading services...' meanwhile.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(servicesQueryOptions());
  },
  component: HomePage,
});
