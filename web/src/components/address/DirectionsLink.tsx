import { directionsUrl } from '@app/core/address/format';
import type { AddressBody } from '../../lib/address-form';

type DirectionsLinkProps = {
  address: Pick<AddressBody, 'street' | 'city' | 'state' | 'zipCode'> & { unit?: string | null };
};

/** 'Directions': the maps link to a job's address (core's one builder), in a new tab. */
export function DirectionsLink({ address }: DirectionsLinkProps) {
  return (
    <a
      className="address-view__directions"
      href={directionsUrl(address)}
      target="_blank"
      rel="noopener noreferrer"
    >
      Directions<span className="visually-hidden"> (opens maps in a new tab)</span>
    </a>
  );
}
