import { createFileRoute } from '@tanstack/react-router';
import { TipPage } from '../features/tip/components/TipPage';
import { linkHead, TokenPage } from '../lib/link-route';

// The receipt's "Add a tip" link (issue 35, decision 130): no login, the token is the key.
export const Route = createFileRoute('/tip/$token')({
  head: linkHead('Add a Tip'),
  component: () => <TokenPage page={TipPage} />,
});
