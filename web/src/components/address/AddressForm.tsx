import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import {
  addressBody,
  type AddressFields as Fields,
  addressFieldsOf,
  validateAddress,
} from '../../lib/address-form';
import { refreshAfterAddressChange, saveAddress, type SavedAddress } from '../../lib/addresses';
import { messagesResolver } from '../../lib/forms';
import { AddressFields } from './AddressFields';
import { FailureMessage } from '../../components/ui/FailureMessage';

type FormValues = Fields & { isDefault: boolean };

type AddressFormProps = {
  /** The address being edited; a new one when absent. */
  editing?: SavedAddress;
  title: string;
  /** Offer 'Use as my default address' (checked by default for a first address). */
  defaultChoice?: boolean;
  firstAddress?: boolean;
  onSaved: (address: SavedAddress) => void;
  onCancel?: () => void;
};

/**
 * Adds a service address to the account, or edits one (issue 20). The
 * fields' rules are core's; what the server refuses (the limit of ten, an
 * unknown ZIP) shows its `msg`.
 */
export function AddressForm({
  editing,
  title,
  defaultChoice = true,
  firstAddress = false,
  onSaved,
  onCancel,
}: AddressFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<FormValues>({
    defaultValues: { ...addressFieldsOf(editing ?? null), isDefault: editing?.isDefault ?? firstAddress },
    resolver: messagesResolver<FormValues>((values) => validateAddress(values)),
  });
  const save = useMutation({
    mutationFn: saveAddress,
    onSuccess: (saved) => {
      void refreshAfterAddressChange(queryClient);
      onSaved(saved);
    },
  });
  const errors = form.formState.errors;
  const busy = save.isPending;

  return (
    <form
      className="address-form"
      aria-labelledby={`${id}-title`}
      method="post"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate({
          ...addressBody(values),
          ...(defaultChoice ? { isDefault: values.isDefault } : {}),
          ...(editing ? { id: editing._id } : {}),
        }),
      )}
    >
      <h3 id={`${id}-title`}>{title}</h3>
      <fieldset disabled={busy}>
        <legend className="visually-hidden">{title}</legend>
        <AddressFields field={(name) => form.register(name)} errors={errors} />
        {defaultChoice && (
          <div className="check">
            <input id={`${id}-default`} type="checkbox" {...form.register('isDefault')} />
            <label htmlFor={`${id}-default`}>Use as my default address</label>
          </div>
        )}
      </fieldset>
      <FailureMessage error={save.error} fallback="Could not save the address." />
      <div className="address-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving...' : editing ? 'Save Address' : 'Add Address'}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
