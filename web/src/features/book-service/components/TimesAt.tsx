import type { ComponentProps } from 'react';
import type { PlaceState } from '../usePlace';
import { AvailableTimes } from './AvailableTimes';

type TimesAtProps = Omit<ComponentProps<typeof AvailableTimes>, 'place'> & { where: PlaceState };

/**
 * The times only once the shop is known to come (issue 20): none while the
 * address is unknown or being checked, none outside the area (the check
 * above says why and gives the phone number).
 */
export function TimesAt({ where, ...times }: TimesAtProps) {
  switch (where.kind) {
    case 'unknown':
      return (
        <p className="status-text">Choose or add your service address (above) to see the available times.</p>
      );
    case 'checking':
      return (
        <p className="status-text" role="status">
          Checking your address...
        </p>
      );
    case 'outside':
      return (
        <p className="status-text">We cannot offer times at this address: it is outside our service area.</p>
      );
    case 'anywhere':
      return <AvailableTimes {...times} />;
    case 'served':
      return <AvailableTimes {...times} place={where.place} />;
  }
}
