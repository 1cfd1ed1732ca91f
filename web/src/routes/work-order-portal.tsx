import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderPortal } from '../features/work-order-portal/components/WorkOrderPortal';
import { publicPage } from '../lib/public-page';

// Public (doc 2 §2): the number and the customer's email download a work order's PDF.
export const Route = createFileRoute('/work-order-portal')({
  ...publicPage('/work-order-portal'),
  component: WorkOrderPortalPage,
});

function WorkOrderPortalPage() {
  return <WorkOrderPortal />;
}
