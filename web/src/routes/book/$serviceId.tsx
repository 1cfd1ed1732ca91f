import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { serviceQueryOptions } from '../../features/services/api';
import type { ServiceInfo } from '../../features/services/types';
import { isApiStatus } from '../../lib/api';
import { business, pageTitle } from '../../lib/business';
import { formatDuration, formatPrice } from '../../lib/format';

export const Route = createFileRoute('/book/$serviceId')({
  // Book Now passes the service as navigation state; without it (a typed or shared link) fetch it.
  loader: async ({ context, params, location }) => {
    const fromState = location.state.service;
    if (fromState?._id === params.serviceId) return { service: fromState };
    // A failed fetch is shown by the page (404 or otherwise), not by the error boundary.
    const service = await context.queryClient
      .ensureQueryData(serviceQueryOptions(params.serviceId))
      .catch(() => undefined);
    return { service };
  },
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData?.service ? `Book ${loaderData.service.name}` : 'Book a Service') }],
  }),
  component: BookServicePage,
});

function BookServicePage() {
  const { serviceId } = Route.useParams();
  const { service: loaded } = Route.useLoaderData();
  // The loader already asked; this reads its result (and its error) without asking again.
  const query = useQuery({ ...serviceQueryOptions(serviceId), enabled: !loaded, retryOnMount: false });
  const service = loaded ?? query.data;

  if (!service) {
    if (query.isPending && query.fetchStatus === 'fetching') {
      return (
        <BookingShell title="Book a Service">
          <p className="status-text" role="status">
            Loading service details...
          </p>
        </BookingShell>
      );
    }
    // A malformed id (400) names no service either, so it reads as not found.
    const notFound = isApiStatus(query.error, 400, 404);
    return (
      <BookingShell title="Book a Service">
        <p className="status-text status-text--error" role="alert">
          {notFound ? 'Service not found.' : 'Could not load service details.'}
        </p>
        <p>
          <Link to="/" hash="services" activeOptions={{ exact: true }} className="button button--secondary">
            Browse all services
          </Link>
        </p>
      </BookingShell>
    );
  }

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
