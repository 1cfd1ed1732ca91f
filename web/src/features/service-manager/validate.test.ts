import { describe, expect, it } from 'vitest';
import { serviceFormMessages, validateService } from './validate';

const valid = {
  name: 'Wash',
  description: 'A wash',
  price: '49.99',
  duration: '60',
  availableDays: ['Monday'],
  availableTimes: '09:00, 13:30',
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
  it('keeps the photo request to one line of at most 160 characters (issue 34)', () => {
    expect(validateService({ ...valid, photoPrompt: 'p'.repeat(161) }).photoPrompt).toBe(
      'The photo request must be at most 160 characters.',
    );
    expect(
      validateService({ ...valid, photoPrompt: 'The warning light', photoRequired: true }).photoPrompt,
    ).toBeUndefined();
  });
});
