import { defaultServiceFilter, type ServiceFilter } from '@app/core/service/filter';
import { createFileRoute } from '@tanstack/react-router';
import { servicesQueryOptions } from '../features/services/api';
import { ServicesSection } from '../features/services/components/ServicesSection';
import { AdminTimeSlotPanel } from '../features/time-slot-overview/components/AdminTimeSlotPanel';
import { filterFromSearch, searchFromFilter, validateServicesSearch } from '../features/services/search';
import { useHydrated } from '../lib/hydration';
import { publicPage } from '../lib/public-page';

// The services list alone; the home page, with the same list under its hero, is `/` (decision 055).
export const Route = createFileRoute('/services')({
  // The applied filter lives in the address (?search=&maxPrice=&duration=): Back and shared links keep it.
  validateSearch: validateServicesSearch,
  ...publicPage('/services', (client) => client.prefetchQuery(servicesQueryOptions())),
  component: ServicesPage,
});

function ServicesPage() {
  const search = Route.useSearch();
  // The pre-rendered page has the unfiltered list: a filtered address (/services?search=brakes) hydrates
  // that first and applies its filter right after, so the first render matches the HTML.
  const hydrated = useHydrated();
  const navigate = Route.useNavigate();
  // Applying replaces the address rather than adding a history entry (Back leaves the page, as before),
  // and keeps the scroll position where the visitor pressed the button.
  const apply = (filter: ServiceFilter) =>
    void navigate({ search: searchFromFilter(filter), replace: true, resetScroll: false });
  return (
    <div className="page page--services">
      <ServicesSection
        headingLevel={1}
        filter={hydrated ? filterFromSearch(search) : defaultServiceFilter}
        onApply={apply}
        adminPanel={<AdminTimeSlotPanel headingLevel={2} />}
      />
    </div>
  );
}
