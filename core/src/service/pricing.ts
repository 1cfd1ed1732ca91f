import { VEHICLE_CLASSES, type VehicleClass } from '../garage/model';

/**
 * Price and time by vehicle class, and add-ons (issue 34, decision 122).
 * Pure and browser-safe (no zod): the server computes a booking's price and
 * length with it, and the booking page shows the same total before asking.
 * Money in integer cents, time in whole minutes.
 */

/** What one vehicle class costs and takes. */
export type ClassRate = { priceCents: number; minutes: number };

/** A service's rates by class: every class, or none (the service's one price and duration apply). */
export type ClassRates = Record<VehicleClass, ClassRate>;

/** An extra the admin defines (pet hair, engine bay ...): its own price and minutes. */
export type AddOn = { id: string; name: string; priceCents: number; minutes: number };

/** What pricing needs of a service: its one rate, its rates by class (optional), the add-ons it offers. */
export type PricedService = {
  priceCents: number;
  minutes: number;
  byClass?: ClassRates | undefined;
  addOnIds?: readonly string[] | undefined;
};

/** A booking's price and length for one (service, class, add-ons): what the server books. */
export type Quote = {
  priceCents: number;
  minutes: number;
  /** The class it was priced for (undefined: none chosen, the service's one rate). */
  vehicleClass?: VehicleClass;
  /** The add-ons chosen, as they cost when booked (the booking's snapshot). */
  addOns: AddOn[];
};

/** The most add-ons an admin may define, and a service may offer (a small collection, decision 057). */
export const MAX_ADD_ONS = 30;
/** The longest an add-on may take, in minutes. */
export const MAX_ADD_ON_MINUTES = 8 * 60;

export const pricingMessages = {
  unknownAddOn: 'One of the add-ons chosen is not offered with this service.',
  tooManyAddOns: `Choose at most ${MAX_ADD_ONS} add-ons.`,
  unknownClass: `Vehicle class must be one of: ${VEHICLE_CLASSES.join(', ')}.`,
} as const;

/** The rate of `vehicleClass` (its own when the service prices by class; else the service's one rate). */
export function classRate(service: PricedService, vehicleClass?: VehicleClass): ClassRate {
  const own = vehicleClass ? service.byClass?.[vehicleClass] : undefined;
  return own ?? { priceCents: service.priceCents, minutes: service.minutes };
}

/**
 * The lowest rate (the service card's "from"): the cheapest class, the
 * shorter on a tie; the service's one rate when it has no class rates.
 */
export function fromRate(byClass: ClassRates): ClassRate {
  return VEHICLE_CLASSES.map((c) => byClass[c]).reduce((low, rate) =>
    rate.priceCents < low.priceCents || (rate.priceCents === low.priceCents && rate.minutes < low.minutes)
      ? rate
      : low,
  );
}

/**
 * A booking's price and length: the class's rate plus each add-on chosen
 * (each once, in the catalogue's order). `addOns` is the shop's catalogue;
 * an id the service does not offer, or the catalogue no longer holds, is
 * refused (the message says so): null price, and `problem` set.
 */
export function quote(
  service: PricedService,
  choice: { vehicleClass?: VehicleClass; addOnIds?: readonly string[] },
  addOns: readonly AddOn[],
): Quote | { problem: string } {
  const wanted = new Set(choice.addOnIds ?? []);
  if (wanted.size > MAX_ADD_ONS) return { problem: pricingMessages.tooManyAddOns };
  const offered = new Set(service.addOnIds ?? []);
  const chosen = addOns.filter((a) => wanted.has(a.id) && offered.has(a.id));
  if (chosen.length !== wanted.size) return { problem: pricingMessages.unknownAddOn };
  const rate = classRate(service, choice.vehicleClass);
  return {
    priceCents: chosen.reduce((sum, a) => sum + a.priceCents, rate.priceCents),
    minutes: chosen.reduce((sum, a) => sum + a.minutes, rate.minutes),
    ...(choice.vehicleClass ? { vehicleClass: choice.vehicleClass } : {}),
    addOns: chosen.map((a) => ({ id: a.id, name: a.name, priceCents: a.priceCents, minutes: a.minutes })),
  };
}
