import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { SelectField } from '../../../components/ui/SelectField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { TextField } from '../../../components/ui/TextField';
import { myAddressesQueryOptions } from '../../../lib/addresses';
import { formatDate } from '../../../lib/date';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { vehicleName } from '../../../lib/vehicle-form';
import { myVehiclesQueryOptions } from '../../../lib/vehicles';
import { enrol, offeredPlansQueryOptions, planVisitsQueryOptions, usePlanMutation } from '../api';
import { type EnrolFields, validateEnrol } from '../validate';
import { planTerms } from './terms';

const empty: EnrolFields = {
  planId: '',
  vehicleId: '',
  addressId: '',
  firstDate: '',
  time: '09:00',
  agree: false,
};

/**
 * Enrolling a vehicle in a plan (issue 35): the plan, one of the customer's vehicles and saved
 * addresses, the first date and the time of day; the terms with the amounts and the next three
 * visits shown before they agree. A card on file is needed (the server says so, as booking does).
 */
export function EnrolForm({ userId, onDone }: { userId: string; onDone: (name: string) => void }) {
  const plans = useQuery(offeredPlansQueryOptions());
  const vehicles = useQuery(myVehiclesQueryOptions(userId));
  const addresses = useQuery(myAddressesQueryOptions(userId));
  const form = useForm<EnrolFields>({ defaultValues: empty, resolver: messagesResolver(validateEnrol) });
  const save = usePlanMutation(enrol);
  const bind = bindFields(form, { disabled: save.isPending, clearOnEdit: 'field' });
  const [planId, firstDate, agree] = useWatch({
    control: form.control,
    name: ['planId', 'firstDate', 'agree'],
  });
  const plan = plans.data?.find((p) => p._id === planId);
  const visits = useQuery(planVisitsQueryOptions(planId, firstDate));

  return (
    <form
      className="card account-form plans__enrol"
      aria-labelledby="enrol-title"
      onSubmit={form.handleSubmit((values) =>
        save.mutate({ ...values, agree: true }, { onSuccess: (e) => onDone(e.name) }),
      )}
    >
      <h3 id="enrol-title">Enrol a vehicle</h3>
      <SelectField
        label="Plan"
        placeholder="Choose a plan"
        options={(plans.data ?? []).map((p) => [p._id, p.name] as const)}
        {...bind('planId')}
      />
      <SelectField
        label="Vehicle"
        placeholder="Choose a vehicle"
        options={(vehicles.data ?? []).filter((v) => !v.deleted).map((v) => [v._id, vehicleName(v)] as const)}
        {...bind('vehicleId')}
      />
      <SelectField
        label="Address"
        placeholder="Choose an address"
        options={(addresses.data ?? []).map((a) => [a._id, `${a.street}, ${a.city}`] as const)}
        {...bind('addressId')}
      />
      <TextField label="First visit on or after" type="date" {...bind('firstDate')} />
      <TextField label="Time of day" type="time" step={1800} {...bind('time')} />
      {plan && (
        <div className="plans__terms" aria-label="The plan’s terms">
          {plan.description && <p>{plan.description}</p>}
          <ul>
            {planTerms(plan).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {visits.data && visits.data.dates.length > 0 && (
            <>
              <p>
                <strong>Next three visits</strong>
              </p>
              <ol className="plans__next" aria-label="Next three visits">
                {visits.data.dates.map((d) => (
                  <li key={d}>{formatDate(d)}</li>
                ))}
              </ol>
            </>
          )}
        </div>
      )}
      <div className="check">
        <input id="plan-agree" type="checkbox" disabled={save.isPending} {...form.register('agree')} />
        <label htmlFor="plan-agree">
          I agree to the plan’s terms and to my card on file being used for it.
        </label>
      </div>
      <FailureMessage error={save.error} fallback="Could not enrol. Please try again." />
      <SubmitButton busy={save.isPending} busyLabel="Enrolling..." disabled={!agree}>
        Enrol
      </SubmitButton>
    </form>
  );
}
