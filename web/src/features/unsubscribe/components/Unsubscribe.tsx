import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { type UnsubscribeList, unsubscribeFrom } from '../api';

/** What each list's page says (issue 21: review requests; issue 34: marketing and "not now"). */
const pages: Record<UnsubscribeList, { title: string; body: string; button: string }> = {
  'review-requests': {
    title: 'Review requests',
    body: 'After a visit we send one mail asking how it went. Stop these requests? Nothing else about your account or bookings changes.',
    button: 'Stop review requests',
  },
  'recommended-work': {
    title: 'Follow-ups on recommended work',
    body: 'When we recommend work you decide to leave for later, we send one reminder some weeks after. Stop these follow-ups? Nothing else about your account or bookings changes.',
    button: 'Stop follow-ups',
  },
  marketing: {
    title: 'Marketing messages',
    body: 'We tell you when your vehicle is due for service again. Stop these messages, by email and by text? Your bookings and their notices are unchanged.',
    button: 'Unsubscribe',
  },
  'not-now': {
    title: 'Not now',
    body: 'We will not remind you of this service for this vehicle again. You can still book it whenever you like.',
    button: 'Not now',
  },
};

/**
 * The page an "Unsubscribe" or "Not now" link opens: one button that leaves
 * the link's list. Mail clients unsubscribe without it (the List-Unsubscribe
 * header, RFC 8058); opening the page changes nothing by itself.
 */
export function Unsubscribe({ token }: { token: string }) {
  // The route's validateSearch keeps only a known list.
  const { list = 'review-requests' } = useSearch({ strict: false }) as { list?: UnsubscribeList };
  const stop = useMutation({ mutationFn: () => unsubscribeFrom(token, list) });
  const page = pages[list];
  return (
    <div className="page container" style={{ maxWidth: '36rem' }}>
      <h1>{page.title}</h1>
      {stop.isSuccess ? (
        <FormMessage tone="success">{stop.data.msg}</FormMessage>
      ) : (
        <>
          <p>{page.body}</p>
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              {page.button}
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
