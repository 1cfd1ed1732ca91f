import { createFileRoute } from '@tanstack/react-router';
import { PlanLinkPage } from '../features/plans/components/PlanLinkPage';
import { linkHead, TokenPage } from '../lib/link-route';

// A plan's "Manage your plan" link (issue 35, decision 133): no login, the token is the key.
export const Route = createFileRoute('/plan/$token')({
  head: linkHead('Your Service Plan'),
  component: () => <TokenPage page={PlanLinkPage} />,
});
