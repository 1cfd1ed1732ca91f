import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import type { PaymentConfig } from '../api';
import { documentAllowsSquare, loadSquareSdk, type SquareCardField } from '../square-sdk';
import { paymentTexts, type SaveState, submitLabel } from './card-form';

type SdkState = 'loading' | 'ready' | 'failed';

/**
 * Square's card form (Web Payments SDK), in Square's sandbox or production:
 * the card fields are Square's own iframe, attached to a container of ours;
 * `tokenize()` gives the one-time token.
 */
export function SquareCardForm({ config, busy, hasCard, save }: SaveState & { config: PaymentConfig }) {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<SquareCardField | null>(null);
  const [sdk, setSdk] = useState<SdkState>('loading');
  // The card's fields are Square's (no values of ours): the form is the submit, its outcome the tokenization's.
  const form = useForm();
  const tokenize = useMutation({
    mutationFn: async () => {
      const fields = card.current;
      if (sdk !== 'ready' || !fields) throw new Error(paymentTexts.notReady);
      const result = await fields.tokenize().catch(() => null);
      if (result?.status !== 'OK' || !result.token) throw new Error(paymentTexts.tokenizeFailed);
      return result.token;
    },
    onSuccess: save,
  });
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

  const disabled = busy || tokenize.isPending;
  return (
    <form
      className="payment-method__form"
      aria-label="Card details"
      onSubmit={form.handleSubmit(() => tokenize.mutate())}
    >
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
      {tokenize.isError && <FormMessage tone="error">{tokenize.error.message}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={disabled || sdk === 'failed'}>
        {submitLabel({ busy: disabled, hasCard })}
      </button>
    </form>
  );
}
