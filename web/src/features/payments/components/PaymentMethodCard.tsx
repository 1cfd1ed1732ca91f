import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/store';
import { paymentConfigQueryOptions, saveCard } from '../api';
import { paymentTexts, type SaveState } from './card-form';
import { SquareCardForm } from './SquareCardForm';
import { TestCardForm } from './TestCardForm';
import '../payments.css';

export { paymentTexts } from './card-form';

/**
 * Account Settings' payment method (doc 2 §2): the card on file (brand and
 * last four digits) and a form to add or replace it. The card becomes a
 * one-time token in the browser (Square's card form; locally, the Square
 * stand-in's test card form), and only the token goes to the server, with the
 * session as a Bearer token (doc 2 §6). Once saved, the signed-in user is
 * fetched again, so hasCardOnFile is true everywhere, and `onSaved` runs.
 */
export function PaymentMethodCard({ onSaved }: { onSaved?: () => void }) {
  const { user, refresh } = useAuth();
  const config = useQuery(paymentConfigQueryOptions());
  const headingId = useId();
  const save = useMutation({
    mutationFn: saveCard,
    onSuccess: async () => {
      await refresh().catch(() => {});
      onSaved?.();
    },
  });
  const state: SaveState = {
    busy: save.isPending,
    hasCard: !!user?.card,
    save: (token) => save.mutate(token),
  };

  return (
    <section className="card account-form payment-method" aria-labelledby={headingId}>
      <h2 id={headingId}>Payment Method</h2>
      {user?.card ? (
        <p className="payment-method__current">
          Card on file: <strong>{user.card.brand}</strong> ending in <strong>{user.card.last4}</strong>
        </p>
      ) : (
        <p className="payment-method__current">
          No card on file yet. A card is required to book a service; it is charged only when the service is
          complete.
        </p>
      )}
      {save.isSuccess && <FormMessage tone="success">{save.data.msg}</FormMessage>}
      {save.isError && (
        <FormMessage tone="error">{messageOf(save.error, paymentTexts.saveFailed)}</FormMessage>
      )}
      {config.isPending && (
        <p className="payment-method__status" role="status">
          Loading payment form...
        </p>
      )}
      {config.isError && <FormMessage tone="error">{paymentTexts.configFailed}</FormMessage>}
      {config.data &&
        (config.data.environment === 'local' ? (
          <TestCardForm {...state} />
        ) : (
          <SquareCardForm config={config.data} {...state} />
        ))}
    </section>
  );
}
