import { SAVED_ADDRESS_LIMIT } from '@app/core/rules/fields';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { AddressBody } from './address-form';
import { api, path, type Reply, unwrap } from './api';

/**
 * A customer's saved service addresses (issue 20) and the service-area check:
 * Account Settings, the booking page and the booking edit read them, through
 * these options and keys only (decision 054).
 */
export type SavedAddress = Reply<typeof api.api.users.me.addresses.$get>[number];

/** GET /api/service-area: `{ served, miles, tripFee, message }` for a ZIP (and optionally a street). */
export type ServiceArea = Reply<(typeof api.api)['service-area']['$get']>;

/** The API keeps at most this many addresses per customer (core's limit). */
export const MAX_ADDRESSES = SAVED_ADDRESS_LIMIT;

export const addressKeys = {
  all: ['addresses'] as const,
  mine: (userId: string) => [...addressKeys.all, 'mine', userId] as const,
  area: (zipCode: string, street = '') => [...addressKeys.all, 'area', zipCode, street] as const,
};

export const myAddressesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: addressKeys.mine(userId),
    queryFn: (): Promise<SavedAddress[]> => unwrap(api.api.users.me.addresses.$get()),
    staleTime: 30_000,
  });

export type AddressSave = AddressBody & { isDefault?: boolean };

/** Adds an address (201) or replaces one (200); replies with it. */
export const saveAddress = ({ id, ...body }: AddressSave & { id?: string }): Promise<SavedAddress> =>
  id
    ? unwrap(api.api.users.me.addresses[':id'].$put({ param: path({ id }), json: body }))
    : unwrap(api.api.users.me.addresses.$post({ json: body }));

export const deleteAddress = (id: string): Promise<{ msg: string }> =>
  unwrap(api.api.users.me.addresses[':id'].$delete({ param: path({ id }) }));

/** After any address change: every list of them, and what depends on them (the area, the times). */
export const refreshAfterAddressChange = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: addressKeys.all });

/** Whether the shop comes to a ZIP (and street, when typed). Anyone may ask. */
export const serviceAreaQueryOptions = (place: {
  zipCode: string;
  street?: string;
  city?: string;
  state?: string;
}) =>
  queryOptions({
    queryKey: addressKeys.area(place.zipCode, place.street),
    queryFn: (): Promise<ServiceArea> =>
      unwrap(
        api.api['service-area'].$get({
          query: Object.fromEntries(Object.entries(place).filter(([, value]) => value)) as {
            zipCode: string;
          },
        }),
      ),
    staleTime: 5 * 60_000,
  });
