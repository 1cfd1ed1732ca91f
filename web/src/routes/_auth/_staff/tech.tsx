import { addDays, today } from '@app/core/time';
import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { CalendarFeedCard } from '../../../features/calendar-feed/components/CalendarFeedCard';
import { registerTechApp } from '../../../features/tech-day/app-shell';
import { TechDayPage } from '../../../features/tech-day/components/TechDayPage';
import { pageTitle } from '../../../lib/business';
import { calendarDate } from '../../../lib/search';

type TechSearch = { date?: string; technician?: number };

/**
 * /tech (issue 22, decision 079): the technician's phone. A technician sees
 * their own day; an admin may view a technician's (`?technician=N`). Its own
 * route chunk: none of the admin's code is loaded here (the bench checks).
 * The `_staff` layout lets technicians and admins in.
 */
export const Route = createFileRoute('/_auth/_staff/tech')({
  head: () => ({
    meta: [{ title: pageTitle('My Day') }],
    links: [{ rel: 'manifest', href: '/tech.webmanifest' }],
  }),
  validateSearch: (search: Record<string, unknown>): TechSearch => {
    const date = calendarDate(search.date);
    const technician = Number(search.technician);
    return {
      ...(date ? { date } : {}),
      ...(Number.isInteger(technician) && technician > 0 ? { technician } : {}),
    };
  },
  component: TechRoute,
});

/** The work order of a job with the customer's signature: its own chunk, loaded on the first tap. */
const TechWorkOrder = lazy(() => import('./-tech-work-order'));
/** The job's vehicle's open recommended work (issue 33): its feature's small chunk. */
const VehicleRecommended = lazy(
  () => import('../../../features/recommended-work/components/RecommendedLines'),
);

/** The technician's own calendar address (issue 36): its own chunk, below the day. */
const BusyCalendarPanel = lazy(() => import('../../../features/busy-calendar/BusyCalendarPanel'));

function TechRoute() {
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The installed app opens without signal (its shell, and the day kept in this browser).
  useEffect(() => {
    registerTechApp();
  }, []);
  const todayDate = today();
  const tomorrow = addDays(todayDate, 1);
  // An admin views technician 1 unless another is named.
  const technician = user.role === 'admin' ? (search.technician ?? 1) : undefined;
  return (
    <TechDayPage
      userId={user._id}
      today={todayDate}
      tomorrow={tomorrow}
      date={search.date ?? todayDate}
      technician={technician}
      onDate={(date) =>
        void navigate({ search: (prev) => ({ ...prev, date: date === todayDate ? undefined : date }) })
      }
      footer={
        <>
          <CalendarFeedCard userId={user._id} admin={user.role === 'admin'} />
          <Suspense fallback={null}>
            <BusyCalendarPanel technician={technician} />
          </Suspense>
        </>
      }
      renderRecommended={(vehicleId) => (
        <Suspense fallback={null}>
          <VehicleRecommended vehicleId={vehicleId} />
        </Suspense>
      )}
      renderWorkOrder={(job, close) => (
        <Suspense fallback={<p className="status-text">Loading work order...</p>}>
          <TechWorkOrder job={job} onClose={close} />
        </Suspense>
      )}
    />
  );
}
