import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { unsubscribeFromFollowUps, unsubscribeFromReviews } from '../api';

/** The mails a link unsubscribes from (`?list=`; none: review requests, the first). */
const lists = {
  'review-requests': {
    title: 'Review requests',
    about:
      'After a visit we send one mail asking how it went. Stop these requests? Nothing else about your account or bookings changes.',
    button: 'Stop review requests',
    stop: unsubscribeFromReviews,
  },
  'recommended-work': {
    title: 'Follow-ups on recommended work',
    about:
      'When we recommend work you decide to leave for later, we send one reminder some weeks after. Stop these follow-ups? Nothing else about your account or bookings changes.',
    button: 'Stop follow-ups',
    stop: unsubscribeFromFollowUps,
  },
} as const;

/**
 * The page a review request's "Unsubscribe" link opens (issue 21): one button
 * that turns review requests off. Mail clients unsubscribe without it (the
 * List-Unsubscribe header, RFC 8058); opening the page changes nothing by itself.
 */
export function Unsubscribe({ token }: { token: string }) {
  const search: { list?: unknown } = useSearch({ strict: false });
  const list = search.list === 'recommended-work' ? lists['recommended-work'] : lists['review-requests'];
  const stop = useMutation({ mutationFn: () => list.stop(token) });
  return (
    <div className="page container" style={{ maxWidth: '36rem' }}>
      <h1>{list.title}</h1>
      {stop.isSuccess ? (
        <FormMessage tone="success">{stop.data.msg}</FormMessage>
      ) : (
        <>
          <p>{list.about}</p>
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              {list.button}
            </button>
          </p>
          {stop.isError && (
            <FormMessage tone="error">
              {messageOf(stop.error, 'This unsubscribe link is not valid.')}
            </FormMessage>
          )}
        </>
      )}
    </div>
  );
}
