import { api, path, unwrap } from '../../lib/api';

/** The service manager's calls (doc 2 §7), admin only, with the stored token. */
export type ServiceForm = {
  name: string;
  description: string;
  price: number;
  duration: number;
  availableDays: string[];
  availableTimes: string[];
  photoPrompt?: string;
  photoRequired?: boolean;
};

export type { ServiceInfo as ServiceRow } from '../../lib/shared-queries';

type Weekday = 'Sunday' | 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday';
const asJson = (form: ServiceForm) => ({ ...form, availableDays: form.availableDays as Weekday[] });

export const createService = (form: ServiceForm) => unwrap(api.api.services.$post({ json: asJson(form) }));

export const updateService = ({ id, form }: { id: string; form: ServiceForm }) =>
  unwrap(api.api.services[':id'].$put({ param: path({ id }), json: asJson(form) }));

export const deleteService = (id: string) => unwrap(api.api.services[':id'].$delete({ param: path({ id }) }));

export const fetchSlotStats = (serviceId: string) =>
  unwrap(api.api.timeslots.stats.$get({ query: { serviceId } }));

export const createServiceSlots = (json: {
  serviceId: string;
  availableTimes: string[];
  availableDays: Weekday[];
  startDate: string;
  endDate: string;
  notes: string;
}) => unwrap(api.api.timeslots['bulk-create'].$post({ json }));
