import { createFileRoute } from '@tanstack/react-router';
import { Unsubscribe } from '../features/unsubscribe/components/Unsubscribe';
import { linkHead, TokenPage } from '../lib/link-route';

// The review request's unsubscribe link (issue 21): no login, the token is the key. A lazy chunk of its own.
export const Route = createFileRoute('/unsubscribe/$token')({
  head: linkHead('Review Requests'),
  component: () => <TokenPage page={Unsubscribe} />,
});
