import { createFileRoute } from '@tanstack/react-router';
import { TrackVisit } from '../features/track-visit/components/TrackVisit';
import { linkHead, TokenPage } from '../lib/link-route';

// The link "On my way" mails (issue 21): no login, the token is the key. A lazy chunk of its own.
export const Route = createFileRoute('/track/$token')({
  head: linkHead('Track Your Visit'),
  component: () => <TokenPage page={TrackVisit} />,
});
