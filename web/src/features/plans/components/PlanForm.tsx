import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { SelectField } from '../../../components/ui/SelectField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { servicesQueryOptions } from '../../../lib/shared-queries';
import { type PlanRow, savePlan, usePlanMutation } from '../api';
import { cadenceOfRule, MONTH_DAYS, ruleOfCadence, WEEK_DAYS } from '../cadence';
import { type PlanFields, validatePlan } from '../validate';

const blank: PlanFields = {
  name: '',
  description: '',
  serviceId: '',
  every: '4',
  unit: 'weeks',
  day: 'SA',
  priceKind: 'per-visit',
  price: '',
  discountPercent: '0',
  autoRenew: true,
  minimumMonths: '0',
  cancellation: 'Cancel any time from Account Settings.',
  active: true,
};

const UNITS = [
  ['weeks', 'weeks'],
  ['months', 'months'],
] as const;

const PRICE_KINDS = [
  ['per-visit', 'Per visit'],
  ['monthly', 'Monthly fee'],
] as const;

/** The form's two ticks: field, input id, label. */
const CHECKS = [
  ['autoRenew', 'plan-renew', 'Renews by itself'],
  ['active', 'plan-active', 'Offered to customers (untick to withdraw)'],
] as const;

const fieldsOf = (p: PlanRow): PlanFields => ({
  ...blank,
  ...p,
  ...cadenceOfRule(p.recurrence),
  price: p.price.toFixed(2),
  discountPercent: String(p.discountPercent),
  minimumMonths: String(p.minimumMonths),
});

/** The admin's plan form (issue 35): what a plan books, how often, its price, discount and terms. */
export function PlanForm({ editing, onDone }: { editing?: PlanRow; onDone: (name: string) => void }) {
  const services = useQuery(servicesQueryOptions());
  const form = useForm<PlanFields>({
    defaultValues: editing ? fieldsOf(editing) : blank,
    resolver: messagesResolver(validatePlan),
  });
  const save = usePlanMutation(savePlan);
  const bind = bindFields(form, { disabled: save.isPending, clearOnEdit: 'field' });
  const unit = useWatch({ control: form.control, name: 'unit' });
  const submit = form.handleSubmit((v) =>
    save.mutate(
      {
        id: editing?._id,
        form: {
          name: v.name.trim(),
          description: v.description.trim(),
          serviceId: v.serviceId,
          recurrence: ruleOfCadence(v),
          priceKind: v.priceKind,
          price: Number(v.price),
          discountPercent: Number(v.discountPercent),
          autoRenew: v.autoRenew,
          minimumMonths: Number(v.minimumMonths),
          cancellation: v.cancellation.trim(),
          active: v.active,
        },
      },
      { onSuccess: (p) => onDone(p.name) },
    ),
  );

  return (
    <form
      className="card account-form"
      aria-label={editing ? `Edit ${editing.name}` : 'New plan'}
      onSubmit={submit}
    >
      <TextField label="Name" {...bind('name')} />
      <TextAreaField label="Description" rows={2} {...bind('description')} />
      <SelectField
        label="Service each visit books"
        placeholder="Choose a service"
        options={(services.data ?? []).map((s) => [s._id, s.name] as const)}
        {...bind('serviceId')}
      />
      <div className="plans__form-row">
        <TextField label="Every" inputMode="numeric" {...bind('every')} />
        <SelectField label="Unit" options={UNITS} {...bind('unit')} />
        <SelectField label="On" options={unit === 'weeks' ? WEEK_DAYS : MONTH_DAYS} {...bind('day')} />
      </div>
      <div className="plans__form-row">
        <SelectField label="Price" options={PRICE_KINDS} {...bind('priceKind')} />
        <TextField label="Amount ($)" inputMode="decimal" {...bind('price')} />
        <TextField label="Discount on other work (%)" inputMode="numeric" {...bind('discountPercent')} />
      </div>
      <div className="plans__form-row">
        <TextField label="Minimum months" inputMode="numeric" {...bind('minimumMonths')} />
        <TextField label="How to cancel" {...bind('cancellation')} />
      </div>
      {CHECKS.map(([name, id, label]) => (
        <div key={id} className="check">
          <input id={id} type="checkbox" {...form.register(name)} />
          <label htmlFor={id}>{label}</label>
        </div>
      ))}
      <FailureMessage error={save.error} fallback="Could not save the plan." />
      <SubmitButton busy={save.isPending} busyLabel="Saving...">
        {editing ? 'Save Plan' : 'Create Plan'}
      </SubmitButton>
    </form>
  );
}
