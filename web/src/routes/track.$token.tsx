import { createFileRoute } from '@tanstack/react-router';
import { TrackVisit } from '../features/track-visit/components/TrackVisit';
import { pageTitle } from '../lib/business';

// The link "On my way" mails (issue 21): no login, the token is the key. A lazy chunk of its own.
export const Route = createFileRoute('/track/$token')({
  head: () => ({ meta: [{ title: pageTitle('Track Your Visit') }] }),
  component: TrackPage,
});

function TrackPage() {
  const { token } = Route.useParams();
  return <TrackVisit key={token} token={token} />;
}
