import { describe, expect, it } from 'vitest';
import { slotMessages, validateBulkSlots, validateSingleSlot } from './validate';

describe('the time slot forms', () => {
  it('bulk: every field but notes, the end not before the start', () => {
    const blank = { serviceId: '', startDate: '', endDate: '', times: ' , ', notes: '' };
    expect(validateBulkSlots(blank)).toEqual({
      serviceId: slotMessages.service,
      startDate: slotMessages.startDate,
      endDate: slotMessages.endDate,
      times: slotMessages.times,
    });
    const reversed = {
      serviceId: 's',
      startDate: '2026-12-02',
      endDate: '2026-12-01',
      times: '09:00',
      notes: '',
    };
    expect(validateBulkSlots(reversed).endDate).toBe(slotMessages.endBeforeStart);
  });
  it('single: an end date only when recurring', () => {
    const slot = {
      serviceId: 's',
      date: '2026-12-01',
      time: '09:00',
      isRecurring: false,
      recurringPattern: 'weekly' as const,
      recurringEndDate: '',
      notes: '',
    };
    expect(Object.values(validateSingleSlot(slot)).filter(Boolean)).toEqual([]);
    expect(validateSingleSlot({ ...slot, isRecurring: true }).recurringEndDate).toBe(
      slotMessages.recurringEnd,
    );
  });
});
