import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  INSPECTION_CATEGORIES,
  INSPECTION_CONDITIONS,
  INSPECTION_NOTE_MAX,
  type InspectionCategory,
  type InspectionCondition,
} from '@app/core/workorder/inspection/model';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { saveInspection } from '../inspection-api';
import type { WorkOrderJson } from '../types';

type Entry = { condition: InspectionCondition | ''; note: string };
type Entries = Record<InspectionCategory, Entry>;

/** The form's values from the saved inspection (a category not inspected is blank). */
export function entriesOf(inspection: WorkOrderJson['inspection']): Entries {
  const entries = Object.fromEntries(
    INSPECTION_CATEGORIES.map((category) => [category, { condition: '', note: '' }]),
  ) as Entries;
  for (const item of inspection?.items ?? [])
    entries[item.category] = { condition: item.condition, note: item.note };
  return entries;
}

/** What PUT /inspection takes: the categories given a condition. */
export function itemsOf(entries: Entries) {
  return INSPECTION_CATEGORIES.flatMap((category) => {
    const { condition, note } = entries[category];
    return condition ? [{ category, condition, note: note.trim() }] : [];
  });
}

/**
 * The inspection checklist (decision 080): each category Good, Fair or
 * Needs attention, with a note; saved on its own (it does not change the
 * work or the money the customer acknowledges).
 */
export function InspectionForm({
  workOrder,
  onSaved,
}: {
  workOrder: WorkOrderJson;
  onSaved: (order: WorkOrderJson) => void;
}) {
  const id = useId();
  const [entries, setEntries] = useState(() => entriesOf(workOrder.inspection));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveInspection(workOrder._id, { items: itemsOf(entries) }),
    onSuccess: onSaved,
  });
  const set = (category: InspectionCategory, change: Partial<Entry>) =>
    setEntries((current) => ({ ...current, [category]: { ...current[category], ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (itemsOf(entries).length === 0) return setProblem('Choose a condition for at least one category.');
    setProblem(null);
    save.mutate();
  };

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
                <input
                  type="radio"
                  name={`${id}-${category}`}
                  value={condition}
                  checked={entries[category].condition === condition}
                  onChange={() => set(category, { condition })}
                />
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
            value={entries[category].note}
            onChange={(event) => set(category, { note: event.target.value })}
          />
        </fieldset>
      ))}
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      {save.isError && (
        <FormMessage tone="error">{messageOf(save.error, 'The inspection could not be saved.')}</FormMessage>
      )}
      {save.isSuccess && !save.isPending && <FormMessage tone="success">Inspection saved.</FormMessage>}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Inspection'}
      </button>
    </form>
  );
}
