import { describe, expect, it } from 'vitest';
import { dueRuleMessages } from '@app/core/garage/due-fields';
import {
  addOnFormMessages,
  dueRuleOf,
  serviceFormMessages,
  validateAddOn,
  validateService,
} from './validate';

const rate = { price: '149', duration: '90' };
const rates = { compact: rate, sedan: rate, suv: rate, truck: { price: '219', duration: '150' }, van: rate };

const valid = {
  name: 'Wash',
  description: 'A wash',
  price: '49.99',
  duration: '60',
  availableDays: ['Monday'],
  availableTimes: '09:00, 13:30',
  priceByClass: false,
  rates,
  addOnIds: [],
  dueEveryDays: '',
  dueEveryMiles: '',
  dueRemindDaysAhead: '',
  photoPrompt: '',
  photoRequired: false,
};

describe('validateService', () => {
  it('passes a whole service', () => {
    expect(Object.values(validateService(valid)).filter(Boolean)).toEqual([]);
  });
  it('names each problem with the spec text', () => {
    expect(
      validateService({
        ...valid,
        name: ' ',
        description: '',
        price: '-1',
        duration: '4.5',
        availableTimes: '9:00',
      }),
    ).toEqual({
      name: serviceFormMessages.name,
      description: serviceFormMessages.description,
      price: serviceFormMessages.price,
      duration: serviceFormMessages.duration,
      availableTimes: serviceFormMessages.times,
      photoPrompt: undefined,
    });
  });
  it('takes a due rule of days and/or miles with the server messages (issue 34)', () => {
    expect(dueRuleOf(valid)).toBeNull();
    const rule = { ...valid, dueEveryDays: '180', dueEveryMiles: '5000', dueRemindDaysAhead: '14' };
    expect(Object.values(validateService(rule)).filter(Boolean)).toEqual([]);
    expect(dueRuleOf(rule)).toEqual({ everyDays: 180, everyMiles: 5000, remindDaysAhead: 14 });
    expect(dueRuleOf({ ...valid, dueEveryMiles: '3000' })).toEqual({ everyMiles: 3000 });
    expect(
      validateService({ ...valid, dueEveryDays: '0', dueEveryMiles: '50', dueRemindDaysAhead: '91' }),
    ).toMatchObject({
      dueEveryDays: dueRuleMessages.days,
      dueEveryMiles: dueRuleMessages.miles,
      dueRemindDaysAhead: dueRuleMessages.ahead,
    });
  });
});

describe('class rates and add-ons (issue 34)', () => {
  it('checks each class only when the service prices by class', () => {
    const broken = { ...rates, truck: { price: '-1', duration: '3' } };
    expect(Object.values(validateService({ ...valid, rates: broken })).filter(Boolean)).toEqual([]);
    expect(validateService({ ...valid, priceByClass: true, rates: broken })).toMatchObject({
      'rates.truck.price': serviceFormMessages.price,
      'rates.truck.duration': serviceFormMessages.duration,
      'rates.van.price': undefined,
    });
    // Priced by class, the one price and duration are not asked for (the classes stand in for them).
    expect(validateService({ ...valid, priceByClass: true, price: '', duration: '' })).toMatchObject({
      price: undefined,
      duration: undefined,
    });
  });
  it('an add-on needs a name, a price and whole minutes', () => {
    expect(
      Object.values(validateAddOn({ name: 'Pet hair', price: '39.50', duration: '25' })).filter(Boolean),
    ).toEqual([]);
    expect(validateAddOn({ name: ' ', price: 'x', duration: '2.5' })).toEqual({
      name: addOnFormMessages.name,
      price: serviceFormMessages.price,
      duration: addOnFormMessages.duration,
    });
  });
});

describe('the photo request (issue 34)', () => {
  it('keeps the photo request to one line of at most 160 characters', () => {
    expect(validateService({ ...valid, photoPrompt: 'p'.repeat(161) }).photoPrompt).toBe(
      'The photo request must be at most 160 characters.',
    );
    expect(
      validateService({ ...valid, photoPrompt: 'The warning light', photoRequired: true }).photoPrompt,
    ).toBeUndefined();
  });
});
