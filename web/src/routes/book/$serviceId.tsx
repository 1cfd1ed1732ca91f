import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { serviceQueryOptions } from '../../features/services/api';
import type { ServiceInfo } from '../../features/services/types';
import { business, pageTitle } from '../../lib/business';
import { formatDuration, formatPrice } from '../../lib/format';
import { notFoundOn } from '../../lib/loaders';

export const Route = createFileRoute('/book/$serviceId')({
  loader: async ({ context: { queryClient }, params, location }) => {
    const options = serviceQueryOptions(params.serviceId);
    // Book Now passes the service as navigation state: it fills the cache, so nothing is fetched.
    // Without it (a typed or shared link) the service is fetched.
    const fromState = location.state.service;
    if (fromState?._id === params.serviceId && !queryClient.getQueryData(options.queryKey)) {
      queryClient.setQueryData(options.queryKey, fromState);
    }
    // A malformed id (400) names no service either, so it reads as not found.
    const service = await queryClient.ensureQueryData(options).catch(notFoundOn(400, 404));
    return { title: service.name };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData ? `Book ${loaderData.title}` : 'Book a Service') }],
  }),
  pendingComponent: () => (
    <BookingShell title="Book a Service">
      <p className="status-text" role="status">
        Loading service details...
      </p>
    </BookingShell>
  ),
  notFoundComponent: () => <ServiceUnavailable message="Service not found." />,
  errorComponent: () => <ServiceUnavailable message="Could not load service details." />,
  component: BookServicePage,
});

function BookServicePage() {
  const { serviceId } = Route.useParams();
  // The loader has put the service in the cache; this reads it.
  const { data: service } = useSuspenseQuery(serviceQueryOptions(serviceId));

  return (
    <BookingShell title={`Book ${service.name}`}>
      <ServiceSummary service={service} />
      {/* The calendar and time buttons (doc 1 §2, Customer booking pages) replace this notice in a later issue. */}
      <div className="notice">
        <p>
          Online scheduling for this service is being set up. In the meantime, please call us at{' '}
          <a href={business.phoneHref}>{business.phone}</a> or use our <Link to="/contact">contact page</Link>{' '}
          to book your appointment.
        </p>
      </div>
    </BookingShell>
  );
}

function ServiceUnavailable({ message }: { message: string }) {
  return (
    <BookingShell title="Book a Service">
      <p className="status-text status-text--error" role="alert">
        {message}
      </p>
      <p>
        <Link to="/" hash="services" activeOptions={{ exact: true }} className="button button--secondary">
          Browse all services
        </Link>
      </p>
    </BookingShell>
  );
}

function BookingShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page container booking">
      <p className="back-link">
        <Link to="/" hash="services" activeOptions={{ exact: true }}>
          <span aria-hidden="true">←</span> All services
        </Link>
      </p>
      <h1>{title}</h1>
      {children}
    </div>
  );
}

function ServiceSummary({ service }: { service: ServiceInfo }) {
  return (
    <section className="card booking__summary" aria-label="Service details">
      <p className="booking__description">{service.description}</p>
      <dl className="booking__facts">
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(service.price)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(service.duration)}</dd>
        </div>
      </dl>
    </section>
  );
}
