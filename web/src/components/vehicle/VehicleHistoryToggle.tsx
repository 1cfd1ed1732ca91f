import { useState } from 'react';
import { jobVehicleHistoryOptions } from '../../lib/vehicles';
import { VehicleHistory } from './VehicleHistory';

/**
 * The history of a job's vehicle (issue 34): every earlier visit, work order, inspection and
 * recommended line, read when asked for: the technician's before the visit (/tech; only the job's
 * technician may, the server checks), and the desk's on a booking.
 */
export function VehicleHistoryToggle({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="vehicle-history-toggle">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Hide vehicle history' : 'Vehicle history'}
      </button>
      {open && <VehicleHistory options={jobVehicleHistoryOptions(bookingId)} title="Vehicle history" />}
    </div>
  );
}
