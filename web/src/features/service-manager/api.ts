import type { VehicleClass } from '@app/core/garage/model';
import { queryOptions } from '@tanstack/react-query';
import { api, path, type Reply, unwrap } from '../../lib/api';

/** The service manager's calls (doc 2 §7), admin only, with the stored token. */
export type ServiceForm = {
  name: string;
  description: string;
  price: number;
  duration: number;
  availableDays: string[];
  availableTimes: string[];
  /** Issue 34: each class's price (dollars) and minutes, or null; the add-ons it offers. */
  byClass: Record<VehicleClass, { price: number; duration: number }> | null;
  addOnIds: string[];
  /** The due rule (issue 34); null takes it off. */
  due?: { everyDays?: number; everyMiles?: number; remindDaysAhead?: number } | null;
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

/** The shop's add-ons (issue 34): the add-on manager's list and the service form's choice. */
export type AddOnRow = Reply<(typeof api.api)['add-ons']['$get']>[number];
export type AddOnForm = { name: string; price: number; duration: number };

export const addOnKeys = { all: ['add-ons'] as const };

export const addOnsQueryOptions = () =>
  queryOptions({
    queryKey: addOnKeys.all,
    queryFn: (): Promise<AddOnRow[]> => unwrap(api.api['add-ons'].$get()),
  });

export const createAddOn = (json: AddOnForm) => unwrap(api.api['add-ons'].$post({ json }));

export const updateAddOn = ({ id, form }: { id: string; form: AddOnForm }) =>
  unwrap(api.api['add-ons'][':id'].$put({ param: path({ id }), json: form }));

export const deleteAddOn = (id: string) => unwrap(api.api['add-ons'][':id'].$delete({ param: path({ id }) }));
