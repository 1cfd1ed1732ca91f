import { describe, expect, it } from 'vitest';
import { choiceOf, choiceSearch, needsClass, quoteOf, readChoice } from './choice';
import type { BookableService } from './types';

const rate = (price: number, duration: number) => ({ price, duration });
const detail = {
  _id: 'svc_1',
  name: 'Full Detail',
  description: 'Inside and out.',
  price: 149,
  duration: 90,
  availableDays: [],
  availableTimes: ['09:00'],
  byClass: {
    compact: rate(149, 90),
    sedan: rate(159, 100),
    suv: rate(189, 120),
    truck: rate(219, 150),
    van: rate(209, 140),
  },
  addOns: [{ _id: 'add_pet', name: 'Pet hair', price: 39.5, duration: 25 }],
} as BookableService;

describe('the service step’s choice (issue 34)', () => {
  it('keeps only a real class and the add-ons the service offers from the page’s address', () => {
    expect(readChoice({ vehicleClass: 'limo', addOns: 'add_pet,add_gone,<x>' }, detail)).toEqual({
      addOns: 'add_pet',
    });
    expect(choiceOf(readChoice({ vehicleClass: 'truck', addOns: 'add_pet' }, detail))).toEqual({
      vehicleClass: 'truck',
      addOnIds: ['add_pet'],
    });
  });

  it('shows the truck’s price and length with the add-on, as the server books them', () => {
    expect(quoteOf(detail, { vehicleClass: 'truck', addOnIds: ['add_pet'] })).toMatchObject({
      priceCents: 25_850,
      minutes: 175,
    });
    expect(quoteOf(detail, { addOnIds: [] })).toMatchObject({ priceCents: 14_900, minutes: 90 });
  });

  it('asks for the class before the times of a class-priced service, and clears what is unchosen', () => {
    expect(needsClass(detail, { addOnIds: [] })).toBe(true);
    expect(needsClass({ ...detail, byClass: null }, { addOnIds: [] })).toBe(false);
    expect(choiceSearch({ addOnIds: [] })).toEqual({ vehicleClass: undefined, addOns: undefined });
  });
});
