import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';
import { formatPrice } from '../../lib/format';
import { bindFields, messagesResolver } from '../../lib/forms';
import { type TipBody, type TipFields, type TipOffer, tipBody, validateTip } from './tip-form';
import './tip.css';

/**
 * The customer's tip (issue 35, decision 130): 15, 20 or 25% (the amounts the server computed from
 * what it charges before tax) or an amount of their own. At the phone's sign-off no tip is the
 * default, never chosen for them, and "Yes, completed" sends the choice with the completion; on the
 * receipt's tip link the same choices send the tip alone.
 */
export function TipChoice({
  offer,
  busy,
  disabled,
  onComplete,
  submitLabel = 'Yes, completed',
  busyLabel = 'Completing...',
  legend = 'Add a tip for your technician?',
  noTip = true,
}: {
  offer: TipOffer | null;
  busy: boolean;
  disabled: boolean;
  onComplete: (tip: TipBody | undefined) => void;
  submitLabel?: string;
  busyLabel?: string;
  legend?: string;
  /** "No tip" is a choice (the sign-off); false on the tip link's page, where a tip is the point. */
  noTip?: boolean;
}) {
  const legendId = useId();
  const form = useForm<TipFields>({
    defaultValues: { tip: noTip ? 'none' : '', amount: '' },
    resolver: messagesResolver((values: TipFields) => validateTip(values, offer?.max ?? 0)),
  });
  const field = bindFields(form, { disabled: busy });
  const chosen = useWatch({ control: form.control, name: 'tip' });
  return (
    <form
      className="tip-choice"
      noValidate
      onSubmit={form.handleSubmit((values) => onComplete(tipBody(values)))}
    >
      {offer && (
        <fieldset className="tip-choice__choices" aria-describedby={legendId}>
          <legend id={legendId}>
            {legend} (percent of {formatPrice(offer.base)} before tax)
          </legend>
          {noTip && (
            <label>
              <input type="radio" value="none" {...form.register('tip')} disabled={busy} /> No tip
            </label>
          )}
          {offer.choices.map((c) => (
            <label key={c.percent}>
              <input type="radio" value={String(c.percent)} {...form.register('tip')} disabled={busy} />{' '}
              {c.percent}% ({formatPrice(c.amount)})
            </label>
          ))}
          <label>
            <input type="radio" value="amount" {...form.register('tip')} disabled={busy} /> Another amount
          </label>
          {form.formState.errors.tip && (
            <p className="field__error" role="alert">
              {form.formState.errors.tip.message}
            </p>
          )}
          {chosen === 'amount' && (
            <TextField label="Tip amount ($)" inputMode="decimal" autoComplete="off" {...field('amount')} />
          )}
        </fieldset>
      )}
      <SubmitButton busy={busy} busyLabel={busyLabel} disabled={disabled}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
