import type { BookingStatus } from '@app/core/booking/rules';

const tone: Record<BookingStatus, string> = {
  Pending: 'pending',
  Confirmed: 'confirmed',
  Completed: 'completed',
  Cancelled: 'cancelled',
  'Pending Verification': 'verification',
  'Pending Customer Verification': 'verification',
};

/** The booking's status as a coloured label; the text itself says it, the colour only helps. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`status-badge status-badge--${tone[status]}`}>{status}</span>;
}
