import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  INSPECTION_CATEGORIES,
  INSPECTION_CONDITIONS,
  INSPECTION_NOTE_MAX,
} from '@app/core/workorder/inspection/terms';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messagesResolver } from '../../../lib/forms';
import { useSaveInspectionMutation } from '../inspection-api';
import type { WorkOrderJson } from '../types';
import { entriesOf, type InspectionFields, itemsOf, validateInspection } from '../validate';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { ItemPhotos } from './InspectionPhotos';

/**
 * The inspection checklist (decision 080): each category Good, Fair or
 * Needs attention, with a note; saved on its own (it does not change the
 * work or the money the customer acknowledges). Once saved, each item's
 * row takes photos of that item (decision 129).
 */
export function InspectionForm({
  workOrder,
  onSaved,
}: {
  workOrder: WorkOrderJson;
  onSaved: (order: WorkOrderJson) => void;
}) {
  const id = useId();
  const form = useForm<InspectionFields>({
    defaultValues: entriesOf(workOrder.inspection),
    resolver: messagesResolver(validateInspection),
    reValidateMode: 'onSubmit',
  });
  const save = useSaveInspectionMutation(workOrder._id, onSaved);
  const problem = form.formState.errors.chosen?.message;
  const submit = form.handleSubmit((entries) => save.mutate({ items: itemsOf(entries) }));
  // An item of the saved inspection takes photos of its own (decision 129).
  const saved = new Set(workOrder.inspection?.items.map((item) => item.category));

  return (
    <form className="inspection-form" aria-labelledby={id} noValidate onSubmit={submit}>
      <h4 id={id} className="wo-form__title">
        Vehicle inspection
      </h4>
      {INSPECTION_CATEGORIES.map((category) => (
        <fieldset key={category} className="inspection-form__category">
          <legend>{CATEGORY_LABELS[category]}</legend>
          <div className="inspection-form__choices">
            {INSPECTION_CONDITIONS.map((condition) => (
              <label key={condition}>
                <input type="radio" value={condition} {...form.register(`${category}.condition`)} />
                {CONDITION_LABELS[condition]}
              </label>
            ))}
          </div>
          <label className="visually-hidden" htmlFor={`${id}-${category}-note`}>
            {`${CATEGORY_LABELS[category]} note`}
          </label>
          <input
            id={`${id}-${category}-note`}
            className="input inspection-form__note"
            placeholder="Note"
            maxLength={INSPECTION_NOTE_MAX}
            {...form.register(`${category}.note`)}
          />
          {saved.has(category) && (
            <ItemPhotos workOrder={workOrder} category={category} onChanged={onSaved} />
          )}
        </fieldset>
      ))}
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <FailureMessage error={save.error} fallback="The inspection could not be saved." />
      {save.isSuccess && !save.isPending && <FormMessage tone="success">Inspection saved.</FormMessage>}
      <SubmitButton busy={save.isPending} busyLabel="Saving...">
        Save Inspection
      </SubmitButton>
    </form>
  );
}
