import { localOf } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { EstimateChoices } from '../../../components/estimate/EstimateChoices';
import { decisionsOf, liveTotal } from '../../../components/estimate/choices';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { FormMessage } from '../../../components/ui/FormMessage';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { estimateViewQuery, recordPhoneApproval, useEstimateMutation } from '../estimate-api';
import type { WorkOrderJson } from '../types';
import { calledAtInstant, type PhoneApprovalFields, validatePhoneApproval } from '../validate';
import { ActionButton } from '../../../components/ui/ActionButton';

/** Now on the shop's clock, as a date-time field shows it (`2026-11-28T14:05`). */
const nowField = () => {
  const { date, time } = localOf(Date.now());
  return `${date}T${time}`;
};

/**
 * Staff record the customer's answers given on a call (issue 33, decision 125): when, the number
 * called (the customer's, to start with), who answered, and each proposed line's answer with the
 * total as it changes (the acknowledgment page's choices and its `priceEstimate`). Unsigned: the
 * server keeps who, when, how and the total; its refusals show here.
 */
export function PhoneApprovalForm({
  workOrder,
  onSaved,
  onCancel,
}: {
  workOrder: WorkOrderJson;
  onSaved: (order: WorkOrderJson) => void;
  onCancel: () => void;
}) {
  const view = useQuery(estimateViewQuery(workOrder._id, workOrder.updatedAt));
  const lines = view.data?.estimate.lines ?? [];
  const form = useForm<PhoneApprovalFields>({
    defaultValues: { calledAt: nowField(), number: workOrder.customer.phone, person: '', choices: {} },
    resolver: messagesResolver((values: PhoneApprovalFields) => validatePhoneApproval(values, lines)),
  });
  const field = bindFields(form);
  const choices = useWatch({ control: form.control, name: 'choices' });
  const save = useEstimateMutation(
    (values: PhoneApprovalFields) =>
      recordPhoneApproval(workOrder._id, {
        decisions: decisionsOf(lines, values.choices) ?? [],
        calledAt: calledAtInstant(values.calledAt) ?? values.calledAt,
        number: values.number.trim(),
        person: values.person.trim(),
        version: view.data?.version,
      }).then((reply) => reply.workOrder),
    onSaved,
  );
  // The choices' one message (they are a record of fields: the message sits on the record).
  const { message: unanswered } = (form.formState.errors.choices ?? {}) as { message?: string };
  return (
    <form
      className="phone-approval"
      aria-label="The customer’s answer by phone"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <h5 className="wo-form__title">The customer’s answer by phone</h5>
      <div className="estimate-line-form__row">
        <TextField type="datetime-local" label="When the call was" {...field('calledAt')} />
        <TextField type="tel" label="Number called" maxLength={30} {...field('number')} />
        <TextField label="Who answered" maxLength={100} autoComplete="off" {...field('person')} />
      </div>
      {view.data ? (
        <EstimateChoices
          estimate={view.data.estimate}
          field={(key) => form.register(`choices.${key}`, { onChange: () => form.clearErrors('choices') })}
          total={liveTotal(view.data, view.data.estimate, choices)}
          // The photos are above, in the inspection.
          photo={() => null}
          title="Their answers"
          totalLabel="Total with these answers"
        />
      ) : (
        <FailureMessage error={view.error} fallback="The estimate could not be loaded." />
      )}
      {unanswered && <FormMessage tone="error">{unanswered}</FormMessage>}
      <FailureMessage error={save.error} fallback="The answer was not recorded." />
      <div className="wo-form__actions">
        <ActionButton onClick={onCancel} disabled={save.isPending}>
          Cancel
        </ActionButton>
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          Record the answer
        </SubmitButton>
      </div>
    </form>
  );
}
