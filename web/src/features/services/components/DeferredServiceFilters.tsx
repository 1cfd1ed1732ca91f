import { type ComponentProps, lazy, useEffect } from 'react';
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

export function DeferredServiceFilters({ onReady, ...props }: DeferredProps) {
  const AtHand = atHand;
  return (
    <>
      {AtHand ? <AtHand {...props} /> : <FetchedFilters {...props} />}
      <Ready then={onReady} />
    </>
  );
}

function Ready({ then }: { then: () => void }) {
  useEffect(() => then(), [then]);
  return null;
}
