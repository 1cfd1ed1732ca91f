import type { ServiceFilter } from '@app/core/service/filter';
import type { ReactNode } from 'react';
import { Heading, type HeadingLevel, subLevel } from '../../../components/ui/Heading';
import { ServiceFilters } from './ServiceFilters';
import { ServiceList } from './ServiceList';

type ServicesSectionProps = {
  /** 1 when the section is the page (/services), 2 under the home page's hero. */
  headingLevel: HeadingLevel;
  /** The applied filter: /services keeps it in its address, the home page in its own state. */
  filter: ServiceFilter;
  /** 'Apply Filters' (or Reset) was pressed with this filter. */
  onApply: (filter: ServiceFilter) => void;
  /** The admins' time-slot overview (doc 1 §2), given by the page: it renders nothing for anyone else. */
  adminPanel?: ReactNode;
};

/** The services area shown on / and /services (doc 1 §2): filter sidebar and the service cards. */
export function ServicesSection({ headingLevel, filter, onApply, adminPanel }: ServicesSectionProps) {
  const inner = subLevel(headingLevel);

  return (
    <section id="services" className="services" aria-labelledby="services-heading">
      <div className="container">
        <header className="section-header">
          <Heading level={headingLevel} id="services-heading">
            Our Services
          </Heading>
          <p>Repairs, maintenance and detailing, performed by our technicians at your home or office.</p>
        </header>
        {adminPanel}
        <div className="services__layout">
          <ServiceFilters applied={filter} onApply={onApply} headingLevel={inner} />
          <ServiceList filter={filter} cardHeadingLevel={inner} />
        </div>
      </div>
    </section>
  );
}
