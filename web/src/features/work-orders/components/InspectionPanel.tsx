import { useState } from 'react';
import { BookingPhotosOf } from '../../../components/booking/BookingPhotoStrip';
import '../../../components/inspection/inspection.css';
import type { WorkOrderJson } from '../types';
import { InspectionForm } from './InspectionForm';
import { InspectionPhotos } from './InspectionPhotos';
import { EstimatePanel } from './EstimatePanel';

/**
 * A saved work order's inspection and photos (issue 22, decision 080),
 * below its form: each part saves on its own and keeps the latest reply.
 */
export function InspectionPanel({ workOrder }: { workOrder: WorkOrderJson }) {
  const [current, setCurrent] = useState(workOrder);
  return (
    <div className="wo-form__section">
      {current.relatedBooking && <BookingPhotosOf bookingId={current.relatedBooking} />}
      <InspectionForm workOrder={current} onSaved={setCurrent} />
      <InspectionPhotos workOrder={current} onChanged={setCurrent} />
      <EstimatePanel workOrder={current} onChanged={setCurrent} />
    </div>
  );
}
