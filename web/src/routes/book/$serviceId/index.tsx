import { today } from '@app/core/time';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { AvailableTimes } from '../../../features/book-service/components/AvailableTimes';
import { BookingCalendar } from '../../../features/book-service/components/BookingCalendar';
import { longDate } from '../../../features/book-service/components/BookingChoice';
import { BookingNotice } from '../../../features/book-service/components/BookingNotice';
import { BookingShell } from '../../../features/book-service/components/BookingShell';
import { ServiceSummary } from '../../../features/book-service/components/ServiceSummary';
import { ServiceUnavailable } from '../../../features/book-service/components/ServiceUnavailable';
import { isBookableDate } from '../../../features/book-service/calendar';
import { serviceQueryOptions } from '../../../features/services/api';
import { useAuth } from '../../../lib/auth/store';
import { pageTitle } from '../../../lib/business';
import { notFoundOn } from '../../../lib/loaders';

/** The chosen date lives in the address (?date=yyyy-MM-dd): Back from the details page and the login redirect keep it. */
type BookSearch = { date?: string };

/*
 * What runs before the component (validateSearch, loader, pendingComponent) is in the entry chunk:
 * it stays free of the calendar and date-fns. The component, with react-day-picker, is the route's lazy chunk.
 */
export const Route = createFileRoute('/book/$serviceId/')({
  validateSearch: (search: Record<string, unknown>): BookSearch =>
    typeof search.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.date) ? { date: search.date } : {},
  loader: async ({ context: { queryClient, auth }, params, location }) => {
    const options = serviceQueryOptions(params.serviceId);
    // Book Now passes the service as navigation state: it fills the cache, so nothing is fetched.
    // Without it (a typed or shared link) the service is fetched.
    const fromState = location.state.service;
    if (fromState?._id === params.serviceId && !queryClient.getQueryData(options.queryKey)) {
      queryClient.setQueryData(options.queryKey, fromState);
    }
    // A malformed id (400) names no service either, so it reads as not found.
    const [service] = await Promise.all([
      queryClient.ensureQueryData(options).catch(notFoundOn(400, 404)),
      // The notices depend on the session: wait for the stored one to be checked, so no notice flashes.
      auth.ready(),
    ]);
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
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const returnTo = useLocation({ select: (location) => location.href });
  // The loader has put the service in the cache; this reads it.
  const { data: service } = useSuspenseQuery(serviceQueryOptions(serviceId));
  const { user } = useAuth();
  const todayDate = today();
  // A date in the address that cannot be chosen (past, closed weekday) is ignored.
  const date =
    search.date && isBookableDate(search.date, service.availableDays, todayDate) ? search.date : undefined;
  const canBook = !!user?.hasCardOnFile;

  const chooseDate = (next: string) =>
    void navigate({ search: { date: next }, replace: true, resetScroll: false, state: { service } });
  const chooseTime = (time: string) =>
    void navigate({
      to: '/book/$serviceId/details',
      params: { serviceId },
      state: { service, date, time },
    });

  return (
    <BookingShell title={`Book ${service.name}`}>
      <ServiceSummary service={service} />
      <BookingNotice user={user} returnTo={returnTo} />
      <div className="booking__schedule">
        <section className="card booking__panel" aria-labelledby="booking-date-title">
          <h2 id="booking-date-title">Choose a Date</h2>
          <BookingCalendar
            availableDays={service.availableDays}
            today={todayDate}
            selected={date}
            onSelect={chooseDate}
            labelledBy="booking-date-title"
          />
        </section>
        <section className="card booking__panel" aria-labelledby="booking-time-title">
          <h2 id="booking-time-title">Choose a Time</h2>
          {date ? (
            <>
              <p className="booking__chosen">{longDate(date)}</p>
              <AvailableTimes
                serviceId={serviceId}
                date={date}
                canBook={canBook}
                cannotBookHint={
                  user
                    ? 'Add a payment method (above) to book one of these times.'
                    : 'Log in (above) to book one of these times.'
                }
                onChoose={chooseTime}
              />
            </>
          ) : (
            <p className="status-text">Choose a date to see the available times.</p>
          )}
        </section>
      </div>
    </BookingShell>
  );
}
