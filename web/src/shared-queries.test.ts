import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import * as bookingApi from './features/book-service/api';
import * as servicesApi from './features/services/api';
import * as overviewApi from './features/time-slot-overview/api';
import {
  availabilityKeys,
  refreshAfterServiceChange,
  refreshAfterSlotChange,
  serviceKeys,
  timeSlotKeys,
} from './lib/shared-queries';

const service = { _id: 's1', name: 'Oil Change' };

/** A client holding, fresh, every query that shows services, slots or availability somewhere in the app. */
function seeded() {
  const client = new QueryClient();
  const keys = {
    homeServices: servicesApi.servicesQueryOptions().queryKey,
    oneService: servicesApi.serviceQueryOptions('s1').queryKey,
    availability: bookingApi.availabilityQueryOptions('s1', '2026-12-01').queryKey,
    slotList: timeSlotKeys.list({ serviceId: 's1' }),
    serviceSlotStats: timeSlotKeys.ofService('s1'),
    overview: overviewApi.systemStatsQueryOptions().queryKey,
  };
  for (const key of Object.values(keys)) client.setQueryData(key, [service]);
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, keys, invalidated };
}

describe('shared query keys (decision 054)', () => {
  it('gives every feature that lists services the same query (the admin panels read it through ServiceSelect)', () => {
    expect(servicesApi.servicesQueryOptions().queryKey).toEqual(serviceKeys.list());
    expect(servicesApi.servicesQueryOptions().queryKey.slice(0, 1)).toEqual(serviceKeys.all);
  });

  it("refreshes the desk's service dropdowns, and every other service view, after the Service Manager's write", async () => {
    const { client, keys, invalidated } = seeded();
    await refreshAfterServiceChange(client);
    for (const [name, key] of Object.entries(keys)) expect([name, invalidated(key)]).toEqual([name, true]);
  });

  it('refreshes slots and availability, not services, after a slot write', async () => {
    const { client, keys, invalidated } = seeded();
    await refreshAfterSlotChange(client);
    expect(invalidated(keys.availability)).toBe(true);
    expect(invalidated(keys.slotList)).toBe(true);
    expect(invalidated(keys.serviceSlotStats)).toBe(true);
    expect(invalidated(keys.overview)).toBe(true);
    expect(invalidated(keys.homeServices)).toBe(false);
  });

  it('keys availability by service and date under one prefix', () => {
    expect(availabilityKeys.forDate('s1', '2026-12-01').slice(0, 1)).toEqual(availabilityKeys.all);
  });
});
