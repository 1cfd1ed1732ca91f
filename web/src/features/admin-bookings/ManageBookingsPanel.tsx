import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deskBookingsKey } from './api';
import { AssignCustomer } from './components/AssignCustomer';
import { BookingsList } from './components/BookingsList';
import { CustomBookingForm } from './components/CustomBookingForm';
import { emptyFilters } from './list';
import { deskMessages } from './messages';
import type { AdminBooking, BookingFilters } from './types';
import './admin-bookings.css';

type View = { kind: 'list' } | { kind: 'create' } | { kind: 'assign'; booking: AdminBooking };

/** The outcome of the last step, shown above the current sub-view until the next one. */
type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * Manage Bookings (doc 2 §2): the main list with its advanced search, and the
 * sub-views Create Custom Booking and Assign Customer, each with 'Back to
 * Bookings'. The search stays as it was while the admin visits a sub-view.
 */
export default function ManageBookingsPanel() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'list' });
  // False until the admin first switches views: the page's own focus is left alone on load.
  const [moved, setMoved] = useState(false);
  const [filters, setFilters] = useState<BookingFilters>(emptyFilters);
  const [notice, setNotice] = useState<Notice>(null);

  const go = (next: View, nextNotice: Notice = null) => {
    setNotice(nextNotice);
    setMoved(true);
    setView(next);
  };
  const backToList = (nextNotice: Notice = null) => {
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
    </div>
  );
}
