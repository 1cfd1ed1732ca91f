import type { Slot } from './api';

/** Doc 2 §4: Booked if booked, else Available if available, else Unavailable. */
export const slotStatus = (slot: Pick<Slot, 'isBooked' | 'isAvailable'>) =>
  slot.isBooked ? 'Booked' : slot.isAvailable ? 'Available' : 'Unavailable';
