import { business } from '../../lib/business';
import { formatPrice } from '../../lib/format';
import './address.css';

export type AreaResult = { served: boolean; miles: number; tripFee: number; message?: string };

type AreaCheckProps = {
  /** What was checked: 'ZIP 19380' or the address's line. */
  place: string;
  /** Null while the check is under way. */
  area: AreaResult | null;
  /** The check failed: the server's message (an unknown ZIP), or a general one. */
  error?: string;
};

/** The fallback when the server's own sentence is not at hand. */
const outsideText = (place: string) => `Sorry, ${place} is outside our service area.`;

/**
 * Whether the shop comes to an address (issue 20), shown as soon as the
 * address is known and before any time: inside, the distance and the trip
 * fee (when there is one); outside, the server's plain sentence and the
 * shop's number to tap and call.
 */
export function AreaCheck({ place, area, error }: AreaCheckProps) {
  if (error !== undefined) {
    return (
      <div className="area-check area-check--outside" role="alert">
        <p>{error || 'We could not check the service area just now. Please try again, or call us.'}</p>
        <CallUs />
      </div>
    );
  }
  if (!area) {
    return (
      <p className="area-check" role="status">
        Checking whether we come to {place}...
      </p>
    );
  }
  if (!area.served) {
    return (
      <div className="area-check area-check--outside" role="alert" data-testid="area-outside">
        <p>{area.message || outsideText(place)}</p>
        <CallUs />
      </div>
    );
  }
  return (
    <div className="area-check" role="status" data-testid="area-served">
      <p>
        <strong>We come to {place}</strong> ({area.miles} miles from our base).{' '}
        {area.tripFee > 0 ? `Trip fee: ${formatPrice(area.tripFee)}.` : 'No trip fee.'}
      </p>
    </div>
  );
}

function CallUs() {
  return (
    <p className="area-check__call">
      <a className="button button--secondary" href={business.phoneHref}>
        Call {business.phone}
      </a>
    </p>
  );
}
