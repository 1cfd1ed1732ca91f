import { describe, expect, it } from 'vitest';
import { dueRuleMessages } from '@app/core/garage/due-fields';
import { dueRuleOf, serviceFormMessages, validateService } from './validate';

const valid = {
  name: 'Wash',
  description: 'A wash',
  price: '49.99',
  duration: '60',
  availableDays: ['Monday'],
  availableTimes: '09:00, 13:30',
  dueEveryDays: '',
  dueEveryMiles: '',
  dueRemindDaysAhead: '',
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
