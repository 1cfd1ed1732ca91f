import { createFileRoute } from '@tanstack/react-router';
import { Hero } from '../features/home/components/Hero';
import { servicesQueryOptions } from '../features/services/api';
import { ServicesSection } from '../features/services/components/ServicesSection';
import { business } from '../lib/business';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: `${business.name} | Mobile Car Repair & Detailing in ${business.area}` }] }),
  // Start the request early without holding the page: the list shows 'Loading services...' meanwhile.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(servicesQueryOptions());
  },
  component: HomePage,
});

function HomePage() {
  return (
    <>
      <Hero />
      <ServicesSection headingLevel={2} />
    </>
  );
}
