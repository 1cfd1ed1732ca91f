import { describe, expect, it } from 'vitest';
import { entriesOf, inspectionMessages, itemsOf, validateInspection } from './validate';

describe('the inspection form', () => {
  it('asks for at least one condition, and sends only the categories given one', () => {
    const blank = entriesOf(null);
    expect(validateInspection(blank).chosen).toBe(inspectionMessages.none);
    const one = { ...blank, tyres: { condition: 'good' as const, note: ' worn evenly ' } };
    expect(validateInspection(one).chosen).toBeUndefined();
    expect(itemsOf(one)).toEqual([{ category: 'tyres', condition: 'good', note: 'worn evenly' }]);
  });
});
