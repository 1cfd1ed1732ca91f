import { createFileRoute } from '@tanstack/react-router';
import { servicesQueryOptions } from '../features/services/api';
import { ServicesSection } from '../features/services/components/ServicesSection';
import { pageTitle } from '../lib/business';

export const Route = createFileRoute('/services')({
  head: () => ({ meta: [{ title: pageTitle('Services') }] }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(servicesQueryOptions());
  },
  component: ServicesPage,
});

function ServicesPage() {
  return (
    <div className="page page--services">
      <ServicesSection headingLevel={1} />
    </div>
  );
}
