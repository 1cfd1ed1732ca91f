import { useParams } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { pageTitle } from './business';

/**
 * The route of a page opened by a mailed or texted link with its token in the path (issue 21,
 * decision 110): no login, the token is the key. Its head is a title alone (no description: such
 * a page is nobody's to find), and its page is keyed by the token, so another link starts afresh:
 * `createFileRoute('/track/$token')({ head: linkHead('Track Your Visit'), component: () => <TokenPage page={TrackVisit} /> })`.
 */
export const linkHead = (title: string) => () => ({ meta: [{ title: pageTitle(title) }] });

export function TokenPage({ page: Page }: { page: ComponentType<{ token: string }> }) {
  const { token = '' } = useParams({ strict: false });
  return <Page key={token} token={token} />;
}
