import type { ReactNode } from 'react';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';

/**
 * A sub-view's heading. When the admin switches sub-views (`focus`), it is
 * scrolled into view and takes the keyboard focus, so a screen reader announces where they are and Tab
 * continues from the top of the new view.
 */
export function SubViewHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  return (
    <FocusedHeading level={3} className="desk__heading" reveal={focus}>
      {children}
    </FocusedHeading>
  );
}

/** 'Back to Bookings' (doc 2 §2), on every sub-view but the list. */
export function BackToBookings({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="button button--secondary desk__back" onClick={onBack}>
      Back to Bookings
    </button>
  );
}
