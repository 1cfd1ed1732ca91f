import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderPortal } from '../features/work-order-portal/components/WorkOrderPortal';
import { SignatureField } from '../features/work-order-acknowledgment/components/SignatureField';
import '../features/work-order-acknowledgment/acknowledgment.css';
import { publicPage } from '../lib/public-page';

// Public (doc 2 §2): the number and the customer's email download a work order's PDF. The estimate's
// answer there (decision 127) signs on the acknowledgment page's pad: the route joins the two features.
export const Route = createFileRoute('/work-order-portal')({
  ...publicPage('/work-order-portal'),
  component: WorkOrderPortalPage,
});

function WorkOrderPortalPage() {
  return <WorkOrderPortal SignaturePad={SignatureField} />;
}
