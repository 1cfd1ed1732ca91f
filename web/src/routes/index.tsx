import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../home/HomePage';
import { servicesQueryOptions } from '../features/services/api';
import { publicPage } from '../lib/public-page';

export const Route = createFileRoute('/')({
  ...publicPage('/', (client) => client.prefetchQuery(servicesQueryOptions())),
  component: HomePage,
});
