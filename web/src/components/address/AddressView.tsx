import { oneLine as addressLine } from '@app/core/address/format';
import type { AddressBody } from '../../lib/address-form';
import { DirectionsLink } from './DirectionsLink';
import './address.css';

type AddressViewProps = {
  address: Pick<AddressBody, 'street' | 'city' | 'state' | 'zipCode'> & {
    unit?: string | null;
    accessNotes?: string | null;
  };
  /** The Directions link (wherever a technician or admin sees a job). */
  directions?: boolean;
};

/** A booking's address on one line, its access notes under it, and optionally a Directions link. */
export function AddressView({ address, directions = false }: AddressViewProps) {
  const notes = address.accessNotes?.trim();
  return (
    <address className="address-view">
      {addressLine(address)}
      {notes && <span className="address-view__notes">Access: {notes}</span>}
      {directions && <DirectionsLink address={address} />}
    </address>
  );
}
