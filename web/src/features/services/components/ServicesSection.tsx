import type { ServiceFilter } from '@app/core/service/filter';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Heading, type HeadingLevel, subLevel } from '../../../components/ui/Heading';
import { defaultServiceFilter } from '@app/core/service/filter';
import { holdForms } from '../../../lib/early-forms';
import { DeferredServiceFilters, wantServiceFilters } from './DeferredServiceFilters';
import { ServiceList } from './ServiceList';

type ServicesSectionProps = {
  /** 1 when the section is the page (/services), 2 under the home page's hero. */
  headingLevel: HeadingLevel;
  /** The applied filter: /services keeps it in its address, the home page in its own state. */
  filter: ServiceFilter;
  /** 'Apply Filters' (or Reset) was pressed with this filter. */
  onApply: (filter: ServiceFilter) => void;
  /** The admins' time-slot overview (doc 1 §2), given by the page: it renders nothing for anyone else. */
  adminPanel?: ReactNode;
};

/** The services area shown on / and /services (doc 1 §2): filter sidebar and the service cards. */
export function ServicesSection({ headingLevel, filter, onApply, adminPanel }: ServicesSectionProps) {
  const inner = subLevel(headingLevel);
  const panelId = useId();
  // Phones see the filters behind a button, so the services come first; wider screens always show the sidebar (CSS).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const active = activeFilters(filter);
  const { filtersRef, onFiltersReady } = useFiltersOnDemand();
  // Stable for the deferred filter's memo: the latest `onApply` is the one called.
  const latestApply = useRef(onApply);
  useEffect(() => {
    latestApply.current = onApply;
  });
  const apply = useCallback((applied: ServiceFilter) => latestApply.current(applied), []);

  return (
    <section id="services" className="services" aria-labelledby="services-heading">
      <div className="container">
        <header className="section-header">
          <Heading level={headingLevel} id="services-heading">
            Our Services
          </Heading>
          <p>Repairs, maintenance and detailing, performed by our technicians at your home or office.</p>
        </header>
        {adminPanel}
        <div className="services__layout">
          <div ref={filtersRef} className={filtersOpen ? 'services__filters is-open' : 'services__filters'}>
            <button
              type="button"
              className="button button--secondary services__filters-toggle"
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              <span>
                {/* One name, open or closed: aria-expanded tells which. */}
                Filter services
                {active > 0 && ` (${active} applied)`}
              </span>
              <span className="services__filters-chevron" aria-hidden="true" />
            </button>
            <div id={panelId} className="services__filters-panel">
              <DeferredServiceFilters
                applied={filter}
                onApply={apply}
                headingLevel={inner}
                onReady={onFiltersReady}
              />
            </div>
          </div>
          <ServiceList filter={filter} cardHeadingLevel={inner} />
        </div>
      </div>
    </section>
  );
}

/** What shows that the visitor reaches for the filter: its code is fetched then. */
const REACHING = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'submit'] as const;

/**
 * The filter's code on demand (decision 114). On a pre-rendered page the filter is drawn by its
 * HTML and hydrates once its code is here, fetched when the visitor reaches for it; meanwhile what
 * is typed and sent there is held and handed over (`holdForms`). Drawn in the browser (a
 * navigation), its code is fetched at once (`DeferredServiceFilters`' fallback).
 */
function useFiltersOnDemand() {
  const filtersRef = useRef<HTMLDivElement>(null);
  const ready = useRef(false);
  const release = useRef<() => void>(undefined);
  useEffect(() => {
    const element = filtersRef.current;
    // Already drawn (its code was here): nothing to wait for.
    if (!element || ready.current) return;
    const reach = () => {
      wantServiceFilters();
      for (const type of REACHING) element.removeEventListener(type, reach, true);
    };
    for (const type of REACHING) element.addEventListener(type, reach, { capture: true, passive: true });
    release.current = holdForms(element);
    return () => {
      for (const type of REACHING) element.removeEventListener(type, reach, true);
      release.current?.();
      release.current = undefined;
    };
  }, []);
  const onFiltersReady = useCallback(() => {
    ready.current = true;
    release.current?.();
    release.current = undefined;
  }, []);
  return { filtersRef, onFiltersReady };
}

/** How many of the filter's parts differ from the default: the closed disclosure says so. */
function activeFilters(filter: ServiceFilter): number {
  return (
    (filter.search.trim() ? 1 : 0) +
    (filter.maxPrice !== defaultServiceFilter.maxPrice ? 1 : 0) +
    (filter.buckets.length > 0 ? 1 : 0)
  );
}
