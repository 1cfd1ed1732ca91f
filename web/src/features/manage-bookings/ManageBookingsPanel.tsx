import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { deskBookingsKey } from './api';
import { AssignCustomer } from './components/AssignCustomer';
import { BookingsList } from './components/BookingsList';
import { CustomBookingForm } from './components/CustomBookingForm';
import { BackToBookings, SubViewHeading } from './components/SubViewHeading';
import type { WorkOrderPrefill } from '../../lib/work-order-prefill';
import { workOrderPrefillOf } from './display';
import { emptyFilters } from './list';
import { deskMessages } from './messages';
import type { AdminBooking, BookingFilters } from './types';
import './admin-bookings.css';
import type { Notice } from '../../components/admin/notice';

type View =
  | { kind: 'list' }
  | { kind: 'create' }
  | { kind: 'assign'; booking: AdminBooking }
  | { kind: 'work-order'; booking: AdminBooking }
  | { kind: 'work-orders' };

/**
 * The work-order screens, handed in by /admin (a feature does not import
 * another): the form prefilled from a booking, whose `onDone` gets the
 * sentence to show (null after Cancel), and the work-order manager.
 */
export type WorkOrderViews = {
  renderCreate: (prefill: WorkOrderPrefill, onDone: (text: string | null) => void) => ReactNode;
  renderManager: () => ReactNode;
};

/**
 * Manage Bookings (doc 2 §2): the main list with its advanced search, and the
 * sub-views Create Custom Booking, Assign Customer and, when /admin hands in
 * the work-order screens, Create Work Order and the work order manager, each
 * with 'Back to Bookings'. The search stays as it was while the admin visits
 * a sub-view.
 */
export default function ManageBookingsPanel({
  workOrders,
  renderRecommended,
}: {
  workOrders?: WorkOrderViews;
  /** A booked vehicle's open recommended work (issue 33), from its feature. */
  renderRecommended?: (vehicleId: string) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  // False until the admin first switches views: the page's own focus is left alone on load.
  const [moved, setMoved] = useState(false);
  const [filters, setFilters] = useState<BookingFilters>(emptyFilters);
  const [notice, setNotice] = useState<Notice | null>(null);

  const go = (next: View, nextNotice: Notice | null = null) => {
    setNotice(nextNotice);
    setMoved(true);
    setView(next);
  };
  const backToList = (nextNotice: Notice | null = null) => {
    void queryClient.invalidateQueries({ queryKey: deskBookingsKey });
    go({ kind: 'list' }, nextNotice);
  };

  return (
    <div className="desk">
      {/* Always present, so what lands in it is announced (success alerts of doc 2 §8). */}
      <div role="status" className="desk__notice">
        {notice?.tone === 'success' && <p className="form-message form-message--success">{notice.text}</p>}
      </div>
      {view.kind === 'list' && (
        <BookingsList
          focus={moved}
          filters={filters}
          onSearch={setFilters}
          onCreate={() => go({ kind: 'create' })}
          onAssign={(booking) => go({ kind: 'assign', booking })}
          onCreateWorkOrder={workOrders && ((booking) => go({ kind: 'work-order', booking }))}
          onWorkOrders={workOrders && (() => go({ kind: 'work-orders' }))}
          renderRecommended={renderRecommended}
        />
      )}
      {view.kind === 'create' && (
        <CustomBookingForm
          onBack={() => backToList()}
          onCreated={(booking) =>
            go({ kind: 'assign', booking }, { tone: 'success', text: deskMessages.created })
          }
        />
      )}
      {view.kind === 'assign' && (
        <AssignCustomer
          booking={view.booking}
          onBack={() => backToList()}
          onAssigned={(text) => backToList({ tone: 'success', text })}
        />
      )}
      {workOrders && view.kind === 'work-order' && (
        <div className="desk-sub">
          <div className="desk__bar">
            <SubViewHeading focus>Create Work Order</SubViewHeading>
            <BackToBookings onBack={() => backToList()} />
          </div>
          {workOrders.renderCreate(workOrderPrefillOf(view.booking), (text) =>
            backToList(text ? { tone: 'success', text } : null),
          )}
        </div>
      )}
      {workOrders && view.kind === 'work-orders' && (
        <div className="desk-sub">
          <div className="desk__bar">
            <SubViewHeading focus>Work Orders</SubViewHeading>
            <BackToBookings onBack={() => backToList()} />
          </div>
          {workOrders.renderManager()}
        </div>
      )}
    </div>
  );
}
