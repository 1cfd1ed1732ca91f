import { describe, expect, it } from 'vitest';
import { westChesterHome } from '../../../../tests/address-fixtures';
import type { SavedAddress } from '../../lib/addresses';
import { preselectedAddress } from './where';

const saved = (id: string, isDefault = false) =>
  ({
    _id: id,
    ...westChesterHome,
    isDefault,
    serviceArea: { served: true, miles: 1, tripFee: 0 },
  }) as SavedAddress;

describe('the booking page’s address (issue 20)', () => {
  it('preselects the chosen one, else the default, else the only one', () => {
    const list = [saved('a'), saved('b', true), saved('c')];
    expect(preselectedAddress(list, 'c')?._id).toBe('c');
    expect(preselectedAddress(list, undefined)?._id).toBe('b');
    expect(preselectedAddress(list, 'gone')?._id).toBe('b');
    expect(preselectedAddress([saved('only')], undefined)?._id).toBe('only');
    expect(preselectedAddress([saved('a'), saved('c')], undefined)).toBeUndefined();
    expect(preselectedAddress([], undefined)).toBeUndefined();
  });
});
