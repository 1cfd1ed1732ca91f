import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderAcknowledgment } from '../features/work-order-acknowledgment/components/WorkOrderAcknowledgment';
import { pageTitle } from '../lib/business';

// A link-token page: no login (doc 2 §2). The component, and the signature pad with it, is a lazy chunk of its own.
export const Route = createFileRoute('/work-order/acknowledge/$token')({
  head: () => ({ meta: [{ title: pageTitle('Work Order Acknowledgment') }] }),
  component: WorkOrderAcknowledgmentPage,
});

function WorkOrderAcknowledgmentPage() {
  const { token } = Route.useParams();
  return <WorkOrderAcknowledgment key={token} token={token} />;
}
