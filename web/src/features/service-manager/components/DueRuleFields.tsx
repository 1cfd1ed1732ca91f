import { TextField } from '../../../components/ui/TextField';
import type { bindFields } from '../../../lib/forms';
import type { ServiceFields } from '../validate';

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
      <TextField
        label="Every (days)"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        {...field('dueEveryDays')}
      />
      <TextField
        label="Every (miles)"
        type="number"
        min={100}
        step={1}
        inputMode="numeric"
        {...field('dueEveryMiles')}
      />
      <TextField
        label="Remind this many days ahead"
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        {...field('dueRemindDaysAhead')}
      />
    </fieldset>
  );
}
