import { createFileRoute } from '@tanstack/react-router';
import { Unsubscribe } from '../features/unsubscribe/components/Unsubscribe';
import { pageTitle } from '../lib/business';

// The review request's unsubscribe link (issue 21): no login, the token is the key. A lazy chunk of its own.
export const Route = createFileRoute('/unsubscribe/$token')({
  head: () => ({ meta: [{ title: pageTitle('Review Requests') }] }),
  component: UnsubscribePage,
});

function UnsubscribePage() {
  const { token } = Route.useParams();
  return <Unsubscribe key={token} token={token} />;
}
