import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AddressForm } from '../../../components/address/AddressForm';
import { AreaCheck } from '../../../components/address/AreaCheck';
import { oneLine as addressLine } from '@app/core/address/format';
import {
  MAX_ADDRESSES,
  myAddressesQueryOptions,
  serviceAreaQueryOptions,
  type SavedAddress,
} from '../../../lib/addresses';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { bindFields, messagesResolver } from '../../../lib/forms';
import type { SessionUser } from '../../../lib/auth/store';
import { type ZipFields, validateZip } from '../validate';
import { areaOfSaved, preselectedAddress } from '../where';

type AddressStepProps = {
  user: SessionUser | null;
  /** The saved address chosen (the page's ?address=), or the ZIP typed (?zip=). */
  chosenId?: string;
  zipCode?: string;
  onChooseAddress: (addressId: string) => void;
  onZip: (zipCode: string) => void;
};

/**
 * 'Where should we come?' (issue 20), before the times: a customer's saved
 * addresses with the default preselected, or a new one added here (saved to
 * the account); a visitor's ZIP (and staff's, who have no addresses: issue 30).
 * The area check shows at once.
 */
export function AddressStep({ user, chosenId, zipCode, onChooseAddress, onZip }: AddressStepProps) {
  return (
    <section className="card booking__panel booking__where" aria-labelledby="booking-where-title">
      <h2 id="booking-where-title">Where Should We Come?</h2>
      {user?.role === 'user' ? (
        <SavedAddresses userId={user._id} chosenId={chosenId} onChoose={onChooseAddress} />
      ) : (
        <ZipCheck zipCode={zipCode} onZip={onZip} />
      )}
    </section>
  );
}

function SavedAddresses({
  userId,
  chosenId,
  onChoose,
}: {
  userId: string;
  chosenId?: string;
  onChoose: (addressId: string) => void;
}) {
  const id = useId();
  const addresses = useQuery(myAddressesQueryOptions(userId));
  const [adding, setAdding] = useState(false);
  if (addresses.isPending) return <p role="status">Loading your addresses...</p>;
  if (addresses.isError) return <p role="alert">Could not load your addresses.</p>;
  const list = addresses.data;
  const chosen = preselectedAddress(list, chosenId);
  const form = (
    <AddressForm
      title={list.length === 0 ? 'Add your service address' : 'Add another address'}
      firstAddress={list.length === 0}
      onSaved={(saved) => {
        setAdding(false);
        onChoose(saved._id);
      }}
      onCancel={list.length > 0 ? () => setAdding(false) : undefined}
    />
  );
  if (list.length === 0) return form;
  return (
    <>
      <fieldset className="booking__addresses">
        <legend className="visually-hidden">Your service addresses</legend>
        {list.map((address) => (
          <label key={address._id} className="check booking__address">
            <input
              type="radio"
              name={`${id}-address`}
              value={address._id}
              checked={chosen?._id === address._id}
              onChange={() => onChoose(address._id)}
            />
            <span>
              {addressLine(address)}
              {address.isDefault && <span className="booking__address-default"> (default)</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {chosen && <ChosenArea address={chosen} />}
      {adding
        ? form
        : list.length < MAX_ADDRESSES && (
            <p>
              <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
                Add a New Address
              </button>
            </p>
          )}
    </>
  );
}

/** A saved address's check; outside the area, the server's sentence (with the phone) is asked for. */
function ChosenArea({ address }: { address: SavedAddress }) {
  const outside = !address.serviceArea.served;
  const detail = useQuery({
    ...serviceAreaQueryOptions({
      zipCode: address.zipCode,
      street: address.street,
      city: address.city,
      state: address.state,
    }),
    enabled: outside,
  });
  const area = outside
    ? { ...areaOfSaved(address), message: detail.data?.message ?? '' }
    : areaOfSaved(address);
  return <AreaCheck place={addressLine(address)} area={area} />;
}

function ZipCheck({ zipCode, onZip }: { zipCode?: string; onZip: (zipCode: string) => void }) {
  const form = useForm<ZipFields>({
    defaultValues: { zipCode: zipCode ?? '' },
    resolver: messagesResolver(validateZip),
    // The message changes on the next check, and the focus stays where it is.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const area = useQuery({ ...serviceAreaQueryOptions({ zipCode: zipCode ?? '' }), enabled: !!zipCode });
  const submit = form.handleSubmit((values) => onZip(values.zipCode.trim().slice(0, 5)));
  return (
    <>
      <form className="booking__zip" method="post" noValidate onSubmit={submit}>
        <TextField
          label="Your ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          {...bindFields(form)('zipCode')}
        />
        <button type="submit" className="button button--secondary">
          Check Area
        </button>
      </form>
      {zipCode && (
        <AreaCheck
          place={zipCode}
          area={area.data ?? null}
          error={area.isError ? messageOf(area.error, '') : undefined}
        />
      )}
    </>
  );
}
