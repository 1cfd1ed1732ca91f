import { type ComponentType, lazy, Suspense } from 'react';
import type { SectionId } from './-section-ids';

/** What a section may read of the page's address: the day Today and the board show, the board's view. */
export type SectionProps = {
  date?: string;
  view?: 'day' | 'week';
  /** Changes the page's address (and so the section's state) for a deep link. */
  onChange: (next: { date?: string; view?: 'day' | 'week' }) => void;
};

export type Section = { id: SectionId; title: string; Body: ComponentType<SectionProps> };

const ManageBookingsPanel = lazy(() => import('../../../features/manage-bookings/ManageBookingsPanel'));
const WorkOrderPanel = lazy(() => import('../../../features/work-orders/WorkOrderPanel'));
const WorkOrderFromBooking = lazy(() =>
  import('../../../features/work-orders/WorkOrderPanel').then((module) => ({
    default: module.WorkOrderFromBooking,
  })),
);

const VehicleRecommended = lazy(
  () => import('../../../features/recommended-work/components/RecommendedLines'),
);

/** Manage Bookings with its work-order sub-views (doc 2 §2), joined here: a feature does not import another. */
function ManageBookingsWithWorkOrders() {
  return (
    <ManageBookingsPanel
      renderRecommended={(vehicleId) => (
        <Suspense fallback={null}>
          <VehicleRecommended vehicleId={vehicleId} />
        </Suspense>
      )}
      workOrders={{
        renderCreate: (prefill, onDone) => (
          <Suspense fallback={<p className="status-text">Loading...</p>}>
            <WorkOrderFromBooking prefill={prefill} onDone={onDone} />
          </Suspense>
        ),
        renderManager: () => (
          <Suspense fallback={<p className="status-text">Loading...</p>}>
            <WorkOrderPanel />
          </Suspense>
        ),
      }}
    />
  );
}

const TechniciansPanel = lazy(() => import('../../../features/technicians/TechniciansPanel'));
const BusyCalendarPanel = lazy(() => import('../../../features/busy-calendar/BusyCalendarPanel'));

/** The technicians with each one's own calendar address (issue 36), joined here. */
function TechniciansWithCalendars() {
  return (
    <TechniciansPanel
      renderCalendar={(technician) => (
        <Suspense fallback={<p className="status-text">Loading...</p>}>
          <BusyCalendarPanel technician={technician} />
        </Suspense>
      )}
    />
  );
}

/**
 * The sections of /admin (issue 22, decision 081): Today first, the dispatch
 * board, then the spec's panels in its order (doc 2 §2). Each is a lazy chunk
 * of its own, so a public page loads none of the admin code, a panel's code
 * is fetched only by an admin's browser, and only when its section is shown.
 * `/admin?section=<id>` opens one.
 */
export const sections: Section[] = [
  { id: 'today', title: 'Today', Body: lazy(() => import('../../../features/today/TodayPanel')) },
  {
    id: 'board',
    title: 'Dispatch Board',
    Body: lazy(() => import('../../../features/dispatch-board/DispatchBoardPanel')),
  },
  { id: 'bookings', title: 'Manage Bookings', Body: ManageBookingsWithWorkOrders },
  {
    id: 'timeslots',
    title: 'Time Slot Manager',
    Body: lazy(() => import('../../../features/time-slot-manager/TimeSlotManagerPanel')),
  },
  {
    id: 'services',
    title: 'Service Manager',
    Body: lazy(() => import('../../../features/service-manager/ServiceManagerPanel')),
  },
  // Service plans (issue 35), beside the Service Manager.
  { id: 'plans', title: 'Service Plans', Body: lazy(() => import('../../../features/plans/PlansPanel')) },
  { id: 'work-orders', title: 'Work Orders', Body: WorkOrderPanel },
  {
    id: 'recommended',
    title: 'Recommended Work',
    Body: lazy(() => import('../../../features/recommended-work/RecommendedWorkPanel')),
  },
  { id: 'revenue', title: 'Revenue', Body: lazy(() => import('../../../features/revenue/RevenuePanel')) },
  {
    id: 'technicians',
    title: 'Technicians',
    Body: TechniciansWithCalendars,
  },
  {
    id: 'testimonials',
    title: 'Manage Testimonials',
    Body: lazy(() => import('../../../features/testimonial-manager/TestimonialManagerPanel')),
  },
  {
    id: 'blog',
    title: 'Blog Manager',
    Body: lazy(() => import('../../../features/blog-manager/BlogManagerPanel')),
  },
];
