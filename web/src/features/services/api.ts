/** The service list and one service are read by several features: their queries are shared (lib/shared-queries.ts). */
export { serviceQueryOptions, servicesQueryOptions } from '../../lib/shared-queries';
