import type { EstimateLineView } from './choices';

/** A proposed estimate line as the API hands it ($10, in option group `group`), for the unit tests of the forms that answer one. */
export const proposedLine = (id: string, group: string | null = null): EstimateLineView => ({
  id,
  description: id,
  note: '',
  photoIds: [],
  group,
  state: 'proposed',
  hours: 0,
  hourlyRate: 75,
  parts: [],
  total: 10,
  previousTotal: null,
});
