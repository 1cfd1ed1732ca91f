import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { type TestCard, type TestCardField, TokenizationError, tokenizeTestCard } from '../api';
import { paymentTexts, type SaveState, submitLabel } from './card-form';

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
export function TestCardForm({ busy, hasCard, save }: SaveState) {
  const hintId = useId();
  const tokenize = useMutation({
    mutationFn: tokenizeTestCard,
    onSuccess: (token) => {
      save(token);
      form.reset(emptyCard);
    },
  });
  // What the tokenization refused is the form's errors: each field's, and the spec's text for the form.
  const refused = useMemo(() => refusedFields(tokenize.error), [tokenize.error]);
  const form = useForm<TestCard>({ defaultValues: emptyCard, errors: refused });
  const errors = form.formState.errors;
  const disabled = busy || tokenize.isPending;

  const submit = form.handleSubmit((values) => tokenize.mutate(values));

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

/** The tokenization's refusal as form errors (none for any other failure, as before). */
function refusedFields(error: Error | null): FieldErrors<TestCard> | undefined {
  if (!(error instanceof TokenizationError)) return undefined;
  const errors: FieldErrors<TestCard> = {};
  for (const { field, message } of error.fields) errors[fieldOf[field]] = { type: 'tokenize', message };
  errors.root = { type: 'tokenize', message: paymentTexts.tokenizeFailed } as NonNullable<
    FieldErrors['root']
  >;
  return errors;
}
