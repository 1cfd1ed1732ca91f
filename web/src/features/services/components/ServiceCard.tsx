import { Heading, type HeadingLevel } from '../../../components/ui/Heading';
import { formatDuration, formatPrice } from '../../../lib/format';
import type { ServiceInfo } from '../types';
import { AppLink } from '../../../lib/links';

type ServiceCardProps = { service: ServiceInfo; headingLevel: HeadingLevel };

export function ServiceCard({ service, headingLevel }: ServiceCardProps) {
  return (
    <article className="card service-card">
      <Heading level={headingLevel} className="service-card__name">
        {service.name}
      </Heading>
      <p className="service-card__description">{service.description}</p>
      <div className="service-card__facts">
        {/* Priced by vehicle class (issue 34): the lowest class's price, "from". */}
        <p className="service-card__price">
          {service.byClass ? 'From ' : ''}
          {formatPrice(service.price)}
        </p>
        <p className="service-card__duration">Duration: {formatDuration(service.duration)}</p>
      </div>
      {/* The service travels along as navigation state, so the booking page need not fetch it again. */}
      <AppLink
        to="/book/$serviceId"
        params={{ serviceId: service._id }}
        state={{ service }}
        className="button button--primary service-card__book"
        // Every card says Book Now; the name tells links apart for screen readers (and axe).
        aria-label={`Book Now: ${service.name}`}
      >
        Book Now
      </AppLink>
    </article>
  );
}
