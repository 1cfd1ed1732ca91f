import { useMutation } from '@tanstack/react-query';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { unsubscribeFromReviews } from '../api';

/**
 * The page a review request's "Unsubscribe" link opens (issue 21): one button
 * that turns review requests off. Mail clients unsubscribe without it (the
 * List-Unsubscribe header, RFC 8058); opening the page changes nothing by itself.
 */
export function Unsubscribe({ token }: { token: string }) {
  const stop = useMutation({ mutationFn: () => unsubscribeFromReviews(token) });
  return (
    <div className="page container" style={{ maxWidth: '36rem' }}>
      <h1>Review requests</h1>
      {stop.isSuccess ? (
        <FormMessage tone="success">{stop.data.msg}</FormMessage>
      ) : (
        <>
          <p>
            After a visit we send one mail asking how it went. Stop these requests? Nothing else about your
            account or bookings changes.
          </p>
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={stop.isPending}
              onClick={() => stop.mutate()}
            >
              Stop review requests
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
