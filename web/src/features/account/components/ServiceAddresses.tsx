import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AddressForm } from '../../../components/address/AddressForm';
import { AddressView } from '../../../components/address/AddressView';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { FormMessage } from '../../../components/ui/FormMessage';
import { oneLine as addressLine } from '@app/core/address/format';
import { addressBody, addressFieldsOf } from '../../../lib/address-form';
import {
  deleteAddress,
  MAX_ADDRESSES,
  myAddressesQueryOptions,
  refreshAfterAddressChange,
  saveAddress,
  type SavedAddress,
} from '../../../lib/addresses';
import { formatPrice } from '../../../lib/format';

type Editing = { kind: 'new' } | { kind: 'edit'; address: SavedAddress } | null;

/**
 * Account Settings → Service addresses (issue 20): where our technicians
 * come. Add, edit, delete, and choose the default the booking page
 * preselects; at most ten. Each shows whether it is in the service area.
 */
export function ServiceAddresses({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const addresses = useQuery(myAddressesQueryOptions(userId));
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);
  const { notice, set: setNotice, success, failure } = useNotice();
  const refresh = () => void refreshAfterAddressChange(queryClient);
  /** Saved: a success, or a warning when the shop does not come there (issue 30; the server says why). */
  const savedNotice = (saved: SavedAddress, done: string) =>
    setNotice(
      saved.serviceArea.served
        ? { tone: 'success', text: done }
        : { tone: 'warning', text: `${done} ${saved.serviceArea.message}` },
    );

  const makeDefault = useMutation({
    mutationFn: (address: SavedAddress) =>
      saveAddress({ ...addressBody(addressFieldsOf(address)), isDefault: true, id: address._id }),
    onSuccess: (saved) => savedNotice(saved, `${addressLine(saved)} is now your default.`),
    onError: (error) => failure(error, 'Could not change the default.'),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (address: SavedAddress) => deleteAddress(address._id),
    onSuccess: (reply) => success(reply.msg || 'Address deleted.'),
    onError: (error) => failure(error, 'Could not delete the address.'),
    onSettled: () => {
      setRemoving(null);
      refresh();
    },
  });

  const list = addresses.data ?? [];
  const full = list.length >= MAX_ADDRESSES;

  return (
    <section className="card account-form service-addresses" aria-labelledby="service-addresses-title">
      <h2 id="service-addresses-title">Service Addresses</h2>
      <p className="field__hint">
        Where our technicians come to you. Your default is chosen for you when you book. Up to {MAX_ADDRESSES}{' '}
        addresses.
      </p>
      {addresses.isPending && <p role="status">Loading your addresses...</p>}
      {addresses.isError && <FormMessage tone="error">Could not load your addresses.</FormMessage>}
      <NoticeLine notice={notice} />
      {addresses.isSuccess && list.length === 0 && <p>No addresses yet. Add the first one below.</p>}
      {list.length > 0 && (
        <ul className="service-addresses__list" aria-label="Your service addresses">
          {list.map((address) => (
            <li key={address._id} className="service-addresses__item">
              {editing?.kind === 'edit' && editing.address._id === address._id ? (
                <AddressForm
                  editing={address}
                  title="Edit address"
                  onSaved={(saved) => {
                    setEditing(null);
                    savedNotice(saved, `Saved ${addressLine(saved)}.`);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <AddressView address={address} />
                  <p className="service-addresses__meta">
                    {address.isDefault && <span className="service-addresses__default">Default</span>}
                    {address.serviceArea.served ? (
                      <span>
                        In our area, {address.serviceArea.miles} mi
                        {address.serviceArea.tripFee > 0 &&
                          ` · trip fee ${formatPrice(address.serviceArea.tripFee)}`}
                      </span>
                    ) : (
                      <span className="service-addresses__outside">Outside our service area</span>
                    )}
                  </p>
                  <p className="service-addresses__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => {
                        setNotice(null);
                        setEditing({ kind: 'edit', address });
                      }}
                      aria-label={`Edit ${addressLine(address)}`}
                    >
                      Edit
                    </button>
                    {!address.isDefault && (
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={makeDefault.isPending}
                        onClick={() => makeDefault.mutate(address)}
                        aria-label={`Make ${addressLine(address)} the default`}
                      >
                        Make Default
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--danger"
                      onClick={() => setRemoving(address)}
                      aria-label={`Delete ${addressLine(address)}`}
                    >
                      Delete
                    </button>
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing?.kind === 'new' ? (
        <AddressForm
          title="New address"
          firstAddress={list.length === 0}
          onSaved={(saved) => {
            setEditing(null);
            savedNotice(saved, `Added ${addressLine(saved)}.`);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        addresses.isSuccess && (
          <p>
            <button
              type="button"
              className="button button--primary"
              disabled={full}
              onClick={() => {
                setNotice(null);
                setEditing({ kind: 'new' });
              }}
            >
              Add an Address
            </button>
            {full && (
              <span className="field__hint"> You have {MAX_ADDRESSES} addresses, the most we keep.</span>
            )}
          </p>
        )
      )}
      {removing && (
        <ConfirmDialog
          title="Delete this address?"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing)}
          onKeep={() => setRemoving(null)}
        >
          <p>
            {addressLine(removing)} will no longer be offered when you book. Bookings already made keep it.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
