import { describe, expect, it } from 'vitest';
import { type AddOn, type ClassRates, classRate, fromRate, pricingMessages, quote } from './pricing';

const byClass: ClassRates = {
  compact: { priceCents: 14_900, minutes: 90 },
  sedan: { priceCents: 15_900, minutes: 100 },
  suv: { priceCents: 18_900, minutes: 120 },
  truck: { priceCents: 21_900, minutes: 150 },
  van: { priceCents: 21_900, minutes: 140 },
};
const detail = { priceCents: 14_900, minutes: 90, byClass, addOnIds: ['add_pet', 'add_engine'] };
const catalogue: AddOn[] = [
  { id: 'add_engine', name: 'Engine bay', priceCents: 4_500, minutes: 30 },
  { id: 'add_lights', name: 'Headlights', priceCents: 3_000, minutes: 20 },
  { id: 'add_pet', name: 'Pet hair', priceCents: 3_950, minutes: 25 },
];

describe('class price and duration with add-ons', () => {
  it('prices and times a truck as a truck', () => {
    expect(quote(detail, { vehicleClass: 'truck' }, catalogue)).toEqual({
      priceCents: 21_900,
      minutes: 150,
      vehicleClass: 'truck',
      addOns: [],
    });
  });

  it('adds each add-on chosen once: its price and its minutes, snapshotted', () => {
    const quoted = quote(
      detail,
      { vehicleClass: 'truck', addOnIds: ['add_pet', 'add_engine', 'add_pet'] },
      catalogue,
    );
    expect(quoted).toMatchObject({ priceCents: 21_900 + 4_500 + 3_950, minutes: 150 + 30 + 25 });
    expect('addOns' in quoted && quoted.addOns.map((a) => a.name)).toEqual(['Engine bay', 'Pet hair']);
  });

  it('uses the one price and duration without class rates or without a class', () => {
    const plain = { priceCents: 8_900, minutes: 45, addOnIds: [] };
    expect(quote(plain, { vehicleClass: 'truck' }, catalogue)).toMatchObject({
      priceCents: 8_900,
      minutes: 45,
    });
    expect(quote(detail, {}, catalogue)).toMatchObject({ priceCents: 14_900, minutes: 90 });
    expect(classRate(detail)).toEqual({ priceCents: 14_900, minutes: 90 });
  });

  it('refuses an add-on the service does not offer, or one the shop no longer has', () => {
    expect(quote(detail, { addOnIds: ['add_lights'] }, catalogue)).toEqual({
      problem: pricingMessages.unknownAddOn,
    });
    expect(quote(detail, { addOnIds: ['add_pet'] }, [])).toEqual({ problem: pricingMessages.unknownAddOn });
  });

  it('"from" is the cheapest class, the shorter on a tie', () => {
    expect(fromRate(byClass)).toEqual({ priceCents: 14_900, minutes: 90 });
    expect(
      fromRate({
        ...byClass,
        compact: { priceCents: 21_900, minutes: 200 },
        sedan: byClass.truck,
        suv: byClass.truck,
      }),
    ).toEqual({
      priceCents: 21_900,
      minutes: 140,
    });
  });
});
