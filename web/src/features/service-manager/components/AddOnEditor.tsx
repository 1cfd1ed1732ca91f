import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { type AddOnForm, type AddOnRow, createAddOn, updateAddOn } from '../api';
import { type AddOnFields, validateAddOn } from '../validate';
import { MinutesField, PriceField } from './PriceFields';

/** The add-on form (issue 34): a new add-on, or one being edited (its booked snapshots keep theirs). */
export function AddOnEditor({
  addOn,
  onDone,
}: {
  addOn: AddOnRow | null;
  onDone: (message: string | null) => Promise<void>;
}) {
  const form = useForm<AddOnFields>({
    defaultValues: addOn
      ? { name: addOn.name, price: String(addOn.price), duration: String(addOn.duration) }
      : { name: '', price: '', duration: '' },
    resolver: messagesResolver(validateAddOn),
  });
  const field = bindFields(form);
  const save = useMutation({
    mutationFn: (values: AddOnForm) =>
      addOn ? updateAddOn({ id: addOn._id, form: values }) : createAddOn(values),
    onSuccess: async () => {
      form.reset();
      await onDone(addOn ? 'Add-on updated.' : 'Add-on created.');
    },
  });
  return (
    <form
      className="card service-manager__form service-manager__add-on-form"
      aria-label={addOn ? `Edit ${addOn.name}` : 'New add-on'}
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          name: values.name.trim(),
          price: Number(values.price),
          duration: Number(values.duration),
        }),
      )}
    >
      <TextField label="Add-on name" {...field('name')} />
      <PriceField label="Add-on price ($)" {...field('price')} />
      <MinutesField label="Add-on minutes" min={0} {...field('duration')} />
      <FailureMessage error={save.error} fallback="Failed to save add-on." />
      <div className="service-manager__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : addOn ? 'Update Add-on' : 'Add Add-on'}
        </button>
        {addOn && (
          <button type="button" className="button button--secondary" onClick={() => void onDone(null)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
