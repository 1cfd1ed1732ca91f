import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderPortal } from '../features/work-order-portal/components/WorkOrderPortal';
import { pageTitle } from '../lib/business';

// Public (doc 2 §2): the number and the customer's email download a work order's PDF.
export const Route = createFileRoute('/work-order-portal')({
  head: () => ({ meta: [{ title: pageTitle('Work Order Portal') }] }),
  component: WorkOrderPortalPage,
});

function WorkOrderPortalPage() {
  return <WorkOrderPortal />;
}
