import { createFileRoute } from '@tanstack/react-router';
import type { UnsubscribeList } from '../features/unsubscribe/api';
import { Unsubscribe } from '../features/unsubscribe/components/Unsubscribe';
import { linkHead, TokenPage } from '../lib/link-route';

const lists: readonly UnsubscribeList[] = ['review-requests', 'recommended-work', 'marketing', 'not-now'];

/**
 * An unsubscribe link (issue 21; issue 34: `?list=marketing`, `?list=not-now`): no login, the token is the
 * key. A lazy chunk of its own.
 */
export const Route = createFileRoute('/unsubscribe/$token')({
  validateSearch: (search: Record<string, unknown>): { list?: UnsubscribeList } =>
    lists.includes(search.list as UnsubscribeList) ? { list: search.list as UnsubscribeList } : {},
  head: linkHead('Unsubscribe'),
  component: () => <TokenPage page={Unsubscribe} />,
});
