import { isVehicleClass, type VehicleClass } from '@app/core/garage/model';
import { toCents } from '@app/core/money';
import { parseDurationMinutes } from '@app/core/service/duration';
import { type ClassRates, type Quote, quote } from '@app/core/service/pricing';
import type { BookableService } from './types';

/**
 * The job as the customer chooses it in the service step (issue 34): the
 * vehicle class and the add-ons. It travels in the page's address
 * (`?vehicleClass=truck&addOns=add_1,add_2`), to the times (their length)
 * and to the confirm page; the server prices it again (core's `quote`).
 */
export type JobChoice = { vehicleClass?: VehicleClass; addOnIds: string[] };

/** The choice's part of the page's address. */
export type ChoiceSearch = { vehicleClass?: VehicleClass; addOns?: string };

/** The choice's part of the page's address: only a real class and add-ons the service offers. */
export function readChoice(
  search: { vehicleClass?: unknown; addOns?: unknown },
  service?: BookableService,
): ChoiceSearch {
  const vehicleClass = isVehicleClass(search.vehicleClass) ? search.vehicleClass : undefined;
  const offered = service ? new Set(service.addOns.map((a) => a._id)) : undefined;
  const ids =
    typeof search.addOns === 'string'
      ? search.addOns.split(',').filter((id) => /^add_[\w]{1,40}$/.test(id) && (!offered || offered.has(id)))
      : [];
  return { ...(vehicleClass ? { vehicleClass } : {}), ...(ids.length ? { addOns: ids.join(',') } : {}) };
}

/** The choice from the page's address. */
export const choiceOf = (search: ChoiceSearch): JobChoice => ({
  ...(search.vehicleClass ? { vehicleClass: search.vehicleClass } : {}),
  addOnIds: search.addOns ? search.addOns.split(',') : [],
});

/** The choice as the page's address holds it (a key left out is cleared: undefined). */
export const choiceSearch = (choice: JobChoice): ChoiceSearch => ({
  vehicleClass: choice.vehicleClass,
  addOns: choice.addOnIds.length ? choice.addOnIds.join(',') : undefined,
});

/** What the times are asked with (the API's query): the class and add-ons, when chosen. */
export const choiceQuery = (choice: JobChoice): Record<string, string> => ({
  ...(choice.vehicleClass ? { vehicleClass: choice.vehicleClass } : {}),
  ...(choice.addOnIds.length ? { addOns: choice.addOnIds.join(',') } : {}),
});

/** A class-priced service needs the class before its times (their length depends on it). */
export const needsClass = (service: BookableService, choice: JobChoice) =>
  !!service.byClass && !choice.vehicleClass;

/** The job's price (cents) and length (minutes), as the server will book them. */
export function quoteOf(service: BookableService, choice: JobChoice): Quote {
  const byClass = service.byClass
    ? (Object.fromEntries(
        Object.entries(service.byClass).map(([c, r]) => [
          c,
          { priceCents: toCents(r.price), minutes: r.duration },
        ]),
      ) as ClassRates)
    : undefined;
  const addOns = service.addOns.map((a) => ({
    id: a._id,
    name: a.name,
    priceCents: toCents(a.price),
    minutes: a.duration,
  }));
  const priced = {
    priceCents: toCents(service.price),
    minutes: parseDurationMinutes(service.duration) ?? 0,
    byClass,
    addOnIds: addOns.map((a) => a.id),
  };
  const offered = new Set(priced.addOnIds);
  const quoted = quote(
    priced,
    { ...choice, addOnIds: choice.addOnIds.filter((id) => offered.has(id)) },
    addOns,
  );
  return 'problem' in quoted ? { ...priced, addOns: [] } : quoted;
}
