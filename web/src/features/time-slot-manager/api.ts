import { api, path, unwrap } from '../../lib/api';

/** The Time Slot Manager's calls (doc 2 §7), admin only, with the stored token. */
export type SlotFilters = {
  serviceId: string;
  startDate: string;
  endDate: string;
  isAvailable: '' | 'true' | 'false';
  isBooked: '' | 'true' | 'false';
};

export async function fetchSlots(filters: SlotFilters) {
  // Only non-empty filters are sent.
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
  return unwrap(api.api.timeslots.$get({ query }));
}

export type SlotList = Awaited<ReturnType<typeof fetchSlots>>;
export type Slot = SlotList['timeSlots'][number];

export const fetchStatistics = () => unwrap(api.api.timeslots.statistics.$get());

export type CreateSlotBody = {
  serviceId: string;
  date: string;
  time: string;
  isRecurring: boolean;
  recurringPattern: 'weekly' | 'daily' | 'monthly';
  recurringEndDate: string;
  notes: string;
};

export const createSlot = (json: CreateSlotBody) => unwrap(api.api.timeslots.$post({ json }));

export const createBulk = (json: { serviceId: string; dates: string[]; times: string[]; notes: string }) =>
  unwrap(api.api.timeslots.bulk.$post({ json }));

export const setAvailable = ({ id, isAvailable }: { id: string; isAvailable: boolean }) =>
  unwrap(api.api.timeslots[':id'].$put({ param: path({ id }), json: { isAvailable } }));

export const deleteSlot = (id: string) => unwrap(api.api.timeslots[':id'].$delete({ param: path({ id }) }));

export const deleteSlots = (ids: string[]) => unwrap(api.api.timeslots.bulk.$delete({ json: { ids } }));
