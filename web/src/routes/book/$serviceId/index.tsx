import { today } from '@app/core/time';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useLocation } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AddressStep } from '../../../features/book-service/components/AddressStep';
import { TimesAt } from '../../../features/book-service/components/TimesAt';
import { BookingCalendar } from '../../../features/book-service/components/BookingCalendar';
import { longDate } from '../../../features/book-service/components/BookingChoice';
import { BookingNotice } from '../../../features/book-service/components/BookingNotice';
import { BookingShell } from '../../../features/book-service/components/BookingShell';
import { ServiceSummary } from '../../../features/book-service/components/ServiceSummary';
import { ServiceChoiceForm } from '../../../features/book-service/components/ServiceChoiceForm';
import {
  type JobChoice,
  choiceOf,
  choiceQuery,
  choiceSearch,
  needsClass,
  readChoice,
} from '../../../features/book-service/choice';
import { ServiceUnavailable } from '../../../features/book-service/components/ServiceUnavailable';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { isBookableDate } from '../../../features/book-service/calendar';
import { usePlace } from '../../../features/book-service/usePlace';
import { serviceQueryOptions } from '../../../features/services/api';
import { useAuth } from '../../../lib/auth/store';
import { pageTitle } from '../../../lib/business';
import { notFoundOn } from '../../../lib/loaders';
import {
  RecommendedLines,
  useRecommendedLines,
} from '../../../features/recommended-work/components/RecommendedLines';
import { type BookSearch, readBookSearch } from '../../../features/book-service/search';

/*
 * What runs before the component (validateSearch, loader, pendingComponent) is in the entry chunk:
 * it stays free of the calendar and date-fns. The component, with react-day-picker, is the route's lazy chunk.
 */
export const Route = createFileRoute('/book/$serviceId/')({
  validateSearch: readBookSearch,
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
  const where = usePlace(user, search.address, search.zip);
  const canBook = !!user?.hasCardOnFile && where.kind === 'served';
  // The follow-up's link (issue 33): the recommended lines it carries go on to the details page.
  const carried = search.vehicle ? { vehicle: search.vehicle, lines: search.lines } : {};
  const recommended = useRecommendedLines(
    search.vehicle ? { vehicleId: search.vehicle, ids: search.lines ?? [] } : undefined,
    !!user,
  );

  const choice = choiceOf(readChoice(search, service));
  const setSearch = (next: BookSearch) =>
    void navigate({ search: { ...search, ...next }, replace: true, resetScroll: false, state: { service } });
  const choose = useCallback(
    (next: JobChoice) =>
      void navigate({
        search: (prev) => ({ ...prev, ...choiceSearch(next) }),
        replace: true,
        resetScroll: false,
        state: { service },
      }),
    [navigate, service],
  );
  const chooseDate = (next: string) => setSearch({ date: next });
  // The choice travels in the details page's address (decision 112): a reload there keeps it.
  const chooseTime = (time: string) =>
    void navigate({
      to: '/book/$serviceId/details',
      params: { serviceId },
      search: {
        date,
        time,
        ...(where.kind === 'served' && where.address ? { address: where.address._id } : {}),
        ...choiceSearch(choice),
        ...carried,
      },
      state: { service },
    });

  return (
    <BookingShell title={`Book ${service.name}`}>
      <ServiceSummary service={service} choice={choice}>
        {(service.byClass || service.addOns.length > 0) && (
          <ServiceChoiceForm service={service} choice={choice} onChange={choose} />
        )}
      </ServiceSummary>
      <RecommendedLines lines={recommended.lines} />
      <BookingNotice user={user} returnTo={returnTo} />
      <AddressStep
        user={user}
        chosenId={search.address}
        zipCode={search.zip}
        onChooseAddress={(address) => setSearch({ address })}
        onZip={(zip) => setSearch({ zip })}
      />
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
          {/* A date chosen: its times come into view (on a phone they are below the calendar). */}
          <FocusedHeading level={2} id="booking-time-title" reveal={date}>
            Choose a Time
          </FocusedHeading>
          {date ? (
            <>
              <p className="booking__chosen">{longDate(date)}</p>
              {needsClass(service, choice) ? (
                <p className="status-text">Choose your vehicle class (above) to see the available times.</p>
              ) : (
                <TimesAt
                  where={where}
                  serviceId={serviceId}
                  date={date}
                  choice={choiceQuery(choice)}
                  canBook={canBook}
                  cannotBookHint={
                    user
                      ? 'Add a payment method (above) to book one of these times.'
                      : 'Log in (above) to book one of these times.'
                  }
                  onChoose={chooseTime}
                />
              )}
            </>
          ) : (
            <p className="status-text">Choose a date to see the available times.</p>
          )}
        </section>
      </div>
    </BookingShell>
  );
}
