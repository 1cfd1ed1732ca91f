import { useState } from 'react';
import { VehicleHistory } from '../../../components/vehicle/VehicleHistory';
import { jobVehicleHistoryOptions } from '../../../lib/vehicles';

/**
 * The job's vehicle's history before the visit (issue 34): every earlier visit, work order,
 * inspection and recommended line, read when the technician asks for it (only the job's
 * technician may: the server checks).
 */
export function JobVehicleHistory({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="tech-job__history">
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
