import { sameServiceFilter } from '@app/core/service/filter';
import { type ComponentProps, lazy, memo, Suspense, useEffect } from 'react';
import type { ServiceFilters } from './ServiceFilters';

type Filters = typeof ServiceFilters;

/**
 * The services filter whose code (react-hook-form with it) is fetched only when the visitor
 * reaches for it (decision 114): the pre-rendered page shows the filter from its HTML, and React
 * leaves that part unhydrated until `wantServiceFilters()`, then hydrates it in place. The
 * pre-render (entry-server.tsx) has the component at hand and renders it at once.
 */
let atHand: Filters | undefined;
let want: () => void = () => {};
const wanted = new Promise<void>((resolve) => {
  want = resolve;
});
const FetchedFilters = lazy(() =>
  wanted.then(() => import('./ServiceFilters')).then((module) => ({ default: module.ServiceFilters })),
);

/** The pre-render's: the filter is rendered into the page's HTML without waiting. */
export function renderServiceFiltersAtOnce(filters: Filters): void {
  atHand = filters;
}

/** Fetches the filter's code (once); the part of the page it draws hydrates when it arrives. */
export function wantServiceFilters(): void {
  want();
}

type DeferredProps = ComponentProps<Filters> & {
  /** Called once the filter is the app's (hydrated or drawn): what was held can be handed over. */
  onReady: () => void;
};

/**
 * The filter in a Suspense boundary of its own. Memoized on what it shows: an update that reached
 * the boundary before it hydrated would make React drop its HTML and draw it anew, so the page's
 * own re-renders (after hydration, the session arriving, the phone's disclosure) pass it by. The
 * callers keep `onApply` and `onReady` stable.
 */
export const DeferredServiceFilters = memo(
  function DeferredServiceFilters({ onReady, ...props }: DeferredProps) {
    const AtHand = atHand;
    return (
      <Suspense fallback={<FetchNow />}>
        {AtHand ? <AtHand {...props} /> : <FetchedFilters {...props} />}
        <Ready then={onReady} />
      </Suspense>
    );
  },
  (before, after) =>
    sameServiceFilter(before.applied, after.applied) &&
    before.headingLevel === after.headingLevel &&
    before.onApply === after.onApply &&
    before.onReady === after.onReady,
);

/** Drawn in the browser rather than hydrated (a navigation): the filter's code is fetched at once. */
function FetchNow() {
  useEffect(() => want(), []);
  return null;
}

function Ready({ then }: { then: () => void }) {
  useEffect(() => then(), [then]);
  return null;
}
