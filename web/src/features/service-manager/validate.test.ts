import { describe, expect, it } from 'vitest';
import { serviceFormMessages, validateService } from './validate';

const valid = {
  name: 'Wash',
  description: 'A wash',
  price: '49.99',
  duration: '60',
  availableDays: ['Monday'],
  availableTimes: '09:00, 13:30',
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
});
