import { createFileRoute } from '@tanstack/react-router';
import { WorkOrderAcknowledgment } from '../features/work-order-acknowledgment/components/WorkOrderAcknowledgment';
import { linkHead, TokenPage } from '../lib/link-route';

// A link-token page: no login (doc 2 §2). The component, and the signature pad with it, is a lazy chunk of its own.
export const Route = createFileRoute('/work-order/acknowledge/$token')({
  head: linkHead('Work Order Acknowledgment'),
  component: () => <TokenPage page={WorkOrderAcknowledgment} />,
});
