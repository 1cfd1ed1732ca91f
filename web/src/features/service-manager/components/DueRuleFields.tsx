import { TextField } from '../../../components/ui/TextField';
import type { bindFields } from '../../../lib/forms';
import type { ServiceFields } from '../validate';

const dueFields = [
  ['dueEveryDays', 'Every (days)', 1],
  ['dueEveryMiles', 'Every (miles)', 100],
  ['dueRemindDaysAhead', 'Remind this many days ahead', 0],
] as const;

/**
 * The service form's due rule (issue 34, decision 124): every N days and/or
 * N miles, whichever comes first, and how many days ahead the customer is
 * reminded. Both blank: the service never comes due.
 */
export function DueRuleFields({ field }: { field: ReturnType<typeof bindFields<ServiceFields>> }) {
  return (
    <fieldset className="field field--group">
      <legend>Comes due again (optional)</legend>
      <p className="field__hint">
        Every so many days or miles, whichever comes first. Leave both blank for never.
      </p>
      {dueFields.map(([name, label, min]) => (
        <TextField
          key={name}
          label={label}
          type="number"
          min={min}
          step={1}
          inputMode="numeric"
          {...field(name)}
        />
      ))}
    </fieldset>
  );
}
