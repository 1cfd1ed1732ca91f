import { queryOptions } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import type { ServiceInfo } from './types';

export async function fetchServices(): Promise<ServiceInfo[]> {
  return unwrap(api.api.services.$get());
}

export async function fetchService(serviceId: string): Promise<ServiceInfo> {
  return unwrap(api.api.services[':id'].$get({ param: path({ id: serviceId }) }));
}

export const servicesQueryOptions = () =>
  queryOptions({ queryKey: ['services'], queryFn: fetchServices, staleTime: 60_000 });

export const serviceQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: ['services', serviceId],
    queryFn: () => fetchService(serviceId),
    staleTime: 60_000,
  });
