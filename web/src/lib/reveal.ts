import { type RefObject, useEffect, useRef } from 'react';

/** True when the element's top is below the sticky header and in the upper part of the screen (its content shows). */
function inView(element: HTMLElement): boolean {
  const top = element.getBoundingClientRect().top;
  const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  return top >= header && top <= window.innerHeight * 0.6;
}

/**
 * Brings a step that has just replaced part of a page into view and gives it
 * the focus (issue 30, "lost after a tap"): on a phone the new step may sit
 * above or below the screen, and a screen reader must hear that it changed.
 * Unless its top is already in the upper part of the screen, scrolls it to the
 * top (below the sticky header: `scroll-padding-top` on html), then focuses it
 * without a second scroll. The element needs `tabIndex={-1}`
 * unless it is focusable itself.
 */
export function revealStep(element: HTMLElement | null | undefined): void {
  if (!element) return;
  if (!inView(element)) element.scrollIntoView({ block: 'start', inline: 'nearest' });
  element.focus({ preventScroll: true });
}

/**
 * The one way a page reveals a new step: put the returned ref on the step's
 * heading (or its container, with `tabIndex={-1}`). It is revealed when it
 * mounts and again whenever `key` changes to a truthy value (a sub-view
 * switched, a confirmation opened), never on the server.
 */
export function useRevealStep<T extends HTMLElement>(key: unknown = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (key) revealStep(ref.current);
  }, [key]);
  return ref;
}
