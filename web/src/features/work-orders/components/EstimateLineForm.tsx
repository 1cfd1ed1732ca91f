import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/TextField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { bindFields, messagesResolver } from '../../../lib/forms';
import type { EstimateLineBody } from '../estimate-api';
import type { WorkOrderJson } from '../types';
import { type EstimateLineFields, validateEstimateLine } from '../validate';

type Line = WorkOrderJson['estimate']['lines'][number];

/** The form's values from a line (a new one: blank). */
function fieldsOf(line?: Line): EstimateLineFields {
  const part = line?.parts[0];
  return {
    description: line?.description ?? '',
    group: line?.group ?? '',
    hours: String(line?.hours ?? 0),
    partDescription: part?.description ?? '',
    quantity: String(part?.quantity ?? 1),
    unitPrice: part ? String(part.unitPrice) : '',
  };
}

/** What the API takes from the form: labour at the shop's rate, and the part when it has a price. */
export function bodyOf(values: EstimateLineFields, line?: Line): EstimateLineBody {
  const price = values.unitPrice.trim();
  return {
    description: values.description.trim(),
    note: line?.note ?? '',
    group: values.group.trim(),
    photoIds: line?.photoIds ?? [],
    hours: Number(values.hours || '0'),
    parts: price
      ? [
          {
            description: values.partDescription.trim(),
            quantity: Number(values.quantity || '1'),
            unitPrice: Number(price),
          },
        ]
      : [],
  };
}

/**
 * Staff price an estimate line (issue 33, decision 125): its text, its option group (lines of one
 * group are options: the customer picks one), labour hours at the shop's rate and a part's price.
 */
export function EstimateLineForm({
  line,
  busy,
  error,
  onSave,
  onCancel,
}: {
  line?: Line;
  busy: boolean;
  error: unknown;
  onSave: (body: EstimateLineBody) => void;
  onCancel: () => void;
}) {
  const form = useForm<EstimateLineFields>({
    defaultValues: fieldsOf(line),
    resolver: messagesResolver(validateEstimateLine),
  });
  const field = bindFields(form, { disabled: busy });
  return (
    <form
      className="estimate-line-form"
      aria-label={line ? `Price ${line.description}` : 'New estimate line'}
      noValidate
      onSubmit={form.handleSubmit((values) => onSave(bodyOf(values, line)))}
    >
      <TextField label="Description" maxLength={300} {...field('description')} />
      <TextField label="Option group (optional)" maxLength={60} {...field('group')} />
      <div className="estimate-line-form__row">
        <TextField label="Labour hours" inputMode="decimal" {...field('hours')} />
        <TextField label="Part" maxLength={300} {...field('partDescription')} />
        <TextField label="Quantity" inputMode="numeric" {...field('quantity')} />
        <TextField label="Unit price ($)" inputMode="decimal" {...field('unitPrice')} />
      </div>
      <FailureMessage error={error} fallback="The line was not saved." />
      <div className="wo-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save line
        </SubmitButton>
      </div>
    </form>
  );
}
