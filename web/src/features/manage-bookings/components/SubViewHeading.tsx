import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A sub-view's heading. When the admin switches sub-views (`focus`), it takes
 * the keyboard focus, so a screen reader announces where they are and Tab
 * continues from the top of the new view.
 */
export function SubViewHeading({ focus, children }: { focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h3 ref={ref} tabIndex={-1} className="desk__heading">
      {children}
    </h3>
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
