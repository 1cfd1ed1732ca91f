import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { TextField } from '../../../components/ui/TextField';
import { formatPrice } from '../../../lib/format';
import { bindFields, messagesResolver } from '../../../lib/forms';
import type { TipBody } from '../api';
import { type TipFields, tipBody, validateTip } from '../validate';

/** The tip the server offers (the charge preview's `tip`, in dollars). */
export type TipOffer = { base: number; choices: { percent: number; amount: number }[]; max: number };

/**
 * The completion's confirmation with the customer's tip (issue 35, decision 130): the phone is
 * handed to the customer, who may add 15, 20 or 25% (the amounts the server computed from what it
 * charges before tax) or an amount of their own; no tip is the default, never chosen for them.
 * "Yes, completed" sends the choice with the completion.
 */
export function TipChoice({
  offer,
  busy,
  disabled,
  onComplete,
}: {
  offer: TipOffer | null;
  busy: boolean;
  disabled: boolean;
  onComplete: (tip: TipBody | undefined) => void;
}) {
  const legendId = useId();
  const form = useForm<TipFields>({
    defaultValues: { tip: 'none', amount: '' },
    resolver: messagesResolver((values: TipFields) => validateTip(values, offer?.max ?? 0)),
  });
  const field = bindFields(form, { disabled: busy });
  const chosen = useWatch({ control: form.control, name: 'tip' });
  return (
    <form
      className="tech-tip"
      noValidate
      onSubmit={form.handleSubmit((values) => onComplete(tipBody(values)))}
    >
      {offer && (
        <fieldset className="tech-tip__choices" aria-describedby={legendId}>
          <legend id={legendId}>
            Add a tip for your technician? (percent of {formatPrice(offer.base)} before tax)
          </legend>
          <label>
            <input type="radio" value="none" {...form.register('tip')} disabled={busy} /> No tip
          </label>
          {offer.choices.map((c) => (
            <label key={c.percent}>
              <input type="radio" value={String(c.percent)} {...form.register('tip')} disabled={busy} />{' '}
              {c.percent}% ({formatPrice(c.amount)})
            </label>
          ))}
          <label>
            <input type="radio" value="amount" {...form.register('tip')} disabled={busy} /> Another amount
          </label>
          {chosen === 'amount' && (
            <TextField label="Tip amount ($)" inputMode="decimal" autoComplete="off" {...field('amount')} />
          )}
        </fieldset>
      )}
      <SubmitButton busy={busy} busyLabel="Completing..." disabled={disabled}>
        Yes, completed
      </SubmitButton>
    </form>
  );
}
