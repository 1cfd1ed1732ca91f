import { filterServices, type ServiceFilter } from '@app/core/service/filter';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { HeadingLevel } from '../../../components/ui/Heading';
import { servicesQueryOptions } from '../api';
import { ServiceCard } from './ServiceCard';

type ServiceListProps = {
  /** The applied filter: changes only when 'Apply Filters' is pressed. */
  filter: ServiceFilter;
  cardHeadingLevel: HeadingLevel;
};

export function ServiceList({ filter, cardHeadingLevel }: ServiceListProps) {
  const { data, isPending } = useQuery(servicesQueryOptions());
  // The cards are drawn in a background pass that React does in short slices, not in one long task
  // when the list arrives (decision 047); 'Loading services...' stays until they are ready.
  const services = useDeferredValue(data);

  if (!services) {
    return isPending || data ? (
      <p className="status-text" role="status">
        Loading services...
      </p>
    ) : (
      <p className="status-text status-text--error" role="alert">
        Could not fetch services.
      </p>
    );
  }

  const visible = filterServices(services, filter);
  return (
    <div className="service-results">
      <p className="service-results__count" aria-live="polite">
        Showing {visible.length} of {services.length} services
      </p>
      {visible.length === 0 ? (
        <p className="status-text">No services match your criteria.</p>
      ) : (
        <ul className="service-grid">
          {visible.map((service) => (
            <li key={service._id}>
              <ServiceCard service={service} headingLevel={cardHeadingLevel} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
