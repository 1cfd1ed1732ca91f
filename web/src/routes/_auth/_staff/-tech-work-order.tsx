import { TechWorkOrder as TechDayWorkOrder } from '../../../features/tech-day/components/TechWorkOrder';
import type { TechJob } from '../../../features/tech-day/api';
import { SignatureField } from '../../../features/work-order-acknowledgment/components/SignatureField';
import { WorkOrderToAcknowledge } from '../../../features/work-order-acknowledgment/components/WorkOrderToAcknowledge';
import { StaffPhoto } from '../../../features/work-orders/components/InspectionPhotos';
import { WorkOrderForm } from '../../../features/work-orders/components/WorkOrderForm';
import '../../../features/work-orders/work-orders.css';
import '../../../features/work-order-acknowledgment/acknowledgment.css';

/**
 * The technician's work order (features/tech-day) joined to the pieces it
 * borrows: the admin's work-order form and the acknowledgment page's view and
 * pad (a feature never imports another; the route joins them). Its own chunk,
 * loaded on the first tap.
 */
export default function TechWorkOrder({ job, onClose }: { job: TechJob; onClose: () => void }) {
  return (
    <TechDayWorkOrder
      job={job}
      onClose={onClose}
      parts={{
        form: ({ onSaved, ...props }) => (
          <WorkOrderForm
            key={props.workOrderId ?? 'new'}
            {...props}
            mailActions={false}
            onSaved={(order, text) => onSaved(order._id, text)}
          />
        ),
        readOnly: (view, workOrderId) => (
          <WorkOrderToAcknowledge
            view={view}
            photo={(photoId, alt) => <StaffPhoto workOrderId={workOrderId} photoId={photoId} label={alt} />}
          />
        ),
        SignaturePad: SignatureField,
      }}
    />
  );
}
