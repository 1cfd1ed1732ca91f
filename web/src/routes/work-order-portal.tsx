import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderPortal } from '../features/work-order-portal/components/WorkOrderPortal';
import { pageTitle } from '../lib/business';
import { pageHead } from '../lib/seo';

// Public (doc 2 §2): the number and the customer's email download a work order's PDF.
export const Route = createFileRoute('/work-order-portal')({
  head: () =>
    pageHead({
      title: pageTitle('Work Order Portal'),
      description:
        'Download your work order as a PDF with its number and your email address, any time, no account needed.',
      path: '/work-order-portal',
    }),
  component: WorkOrderPortalPage,
});

function WorkOrderPortalPage() {
  return <WorkOrderPortal />;
}
