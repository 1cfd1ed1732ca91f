import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/store';
import {
  type PaymentConfig,
  paymentConfigQueryOptions,
  saveCard,
  type TestCard,
  type TestCardField,
  TokenizationError,
  tokenizeTestCard,
} from '../api';
import { documentAllowsSquare, loadSquareSdk, type SquareCardField } from '../square-sdk';
import '../payments.css';

/** The spec's texts for the card form (doc 2 §5, §8). */
export const paymentTexts = {
  configFailed: 'Unable to load payment configuration. Please try again later.',
  initFailed: 'We could not initialize the payment form. Please refresh and try again.',
  notReady: 'Payment fields not ready. Please wait.',
  tokenizeFailed: 'Tokenization failed. Please check your card details.',
  saveFailed: 'An error occurred while saving your card.',
} as const;

type SaveState = { busy: boolean; hasCard: boolean; save: (token: string) => void };

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

const submitLabel = ({ busy, hasCard }: Pick<SaveState, 'busy' | 'hasCard'>) =>
  busy ? 'Saving...' : hasCard ? 'Replace Card' : 'Save Card';

const emptyCard: TestCard = { number: '', expiry: '', cvv: '', postalCode: '' };

const fieldOf: Record<TestCardField, keyof TestCard> = {
  cardNumber: 'number',
  expirationDate: 'expiry',
  cvv: 'cvv',
  postalCode: 'postalCode',
};

/**
 * Local mode: a plain card form whose details go to the Square stand-in's
 * tokenization (same origin, /_local/square), never to our API. It stands in
 * for Square's card form, which cannot load without Square's CDN.
 */
function TestCardForm({ busy, hasCard, save }: SaveState) {
  const form = useForm<TestCard>({ defaultValues: emptyCard });
  const hintId = useId();
  const errors = form.formState.errors;
  const [tokenizing, setTokenizing] = useState(false);
  const disabled = busy || tokenizing;

  const submit = form.handleSubmit(async (values) => {
    setTokenizing(true);
    try {
      const token = await tokenizeTestCard(values);
      save(token);
      form.reset(emptyCard);
    } catch (error) {
      if (!(error instanceof TokenizationError)) throw error;
      for (const { field, message } of error.fields) form.setError(fieldOf[field], { message });
      form.setError('root', { message: paymentTexts.tokenizeFailed });
    } finally {
      setTokenizing(false);
    }
  });

  const field = (name: keyof TestCard, label: string, autoComplete: string, extra: object = {}) => (
    <TextField
      label={label}
      autoComplete={autoComplete}
      inputMode="numeric"
      required
      error={errors[name]?.message}
      {...form.register(name, { onChange: () => form.clearErrors('root') })}
      disabled={disabled}
      {...extra}
    />
  );

  return (
    <form className="payment-method__form" aria-label="Test card" aria-describedby={hintId} onSubmit={submit}>
      <p id={hintId} className="payment-method__hint">
        Local test mode: no real card is charged. Test cards: <strong>4111 1111 1111 1111</strong> is
        approved, <strong>4000 0000 0000 0002</strong> is declined, and <strong>4000 0000 0000 0341</strong>{' '}
        is saved but declined when charged. Use any future expiry date, any 3-digit CVC and any 5-digit ZIP
        code.
      </p>
      {field('number', 'Card number', 'cc-number', { placeholder: '4111 1111 1111 1111' })}
      <div className="form-row form-row--3">
        {field('expiry', 'Expiry (MM/YY)', 'cc-exp', { placeholder: 'MM/YY', inputMode: 'text' })}
        {field('cvv', 'CVC', 'cc-csc')}
        {field('postalCode', 'ZIP code', 'postal-code')}
      </div>
      {errors.root?.message && <FormMessage tone="error">{errors.root.message}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={disabled}>
        {submitLabel({ busy: disabled, hasCard })}
      </button>
    </form>
  );
}

type SdkState = 'loading' | 'ready' | 'failed';

/**
 * Square's card form (Web Payments SDK), in Square's sandbox or production:
 * the card fields are Square's own iframe, attached to a container of ours;
 * `tokenize()` gives the one-time token.
 */
function SquareCardForm({ config, busy, hasCard, save }: SaveState & { config: PaymentConfig }) {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<SquareCardField | null>(null);
  const [sdk, setSdk] = useState<SdkState>('loading');
  const [message, setMessage] = useState<string | null>(null);
  const [tokenizing, setTokenizing] = useState(false);
  const { appId, locationId, environment } = config;

  useEffect(() => {
    if (environment === 'local') return;
    // This document was loaded on a page whose CSP keeps Square out: load the page afresh.
    if (!documentAllowsSquare()) {
      window.location.reload();
      return;
    }
    let cancelled = false;
    let made: SquareCardField | undefined;
    (async () => {
      try {
        const square = await loadSquareSdk(environment);
        made = await square.payments(appId, locationId).card();
        if (cancelled || !container.current) return;
        await made.attach(container.current);
        if (cancelled) return;
        card.current = made;
        setSdk('ready');
      } catch {
        if (!cancelled) setSdk('failed');
      }
    })();
    return () => {
      cancelled = true;
      card.current = null;
      void made?.destroy().catch(() => false);
    };
  }, [appId, locationId, environment]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const fields = card.current;
    if (sdk !== 'ready' || !fields) return setMessage(paymentTexts.notReady);
    setTokenizing(true);
    try {
      const result = await fields.tokenize();
      if (result.status !== 'OK' || !result.token) return setMessage(paymentTexts.tokenizeFailed);
      save(result.token);
    } catch {
      setMessage(paymentTexts.tokenizeFailed);
    } finally {
      setTokenizing(false);
    }
  };

  const disabled = busy || tokenizing;
  return (
    <form className="payment-method__form" aria-label="Card details" onSubmit={(event) => void submit(event)}>
      {sdk === 'failed' ? (
        <FormMessage tone="error">{paymentTexts.initFailed}</FormMessage>
      ) : (
        <>
          {sdk === 'loading' && (
            <p className="payment-method__status" role="status">
              Loading the secure card form...
            </p>
          )}
          <div ref={container} className="payment-method__square" />
          {environment === 'sandbox' && (
            <p className="payment-method__hint">
              Square sandbox: use the test card 4111 1111 1111 1111, CVV 111, any future expiry date and any
              ZIP code.
            </p>
          )}
        </>
      )}
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={disabled || sdk === 'failed'}>
        {submitLabel({ busy: disabled, hasCard })}
      </button>
    </form>
  );
}
