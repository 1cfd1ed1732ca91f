import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiStatus } from './api';
import { auth } from './auth/store';

/**
 * A 401 on any call means the stored session has ended (it expired, or a
 * password change on another device ended it): sign out here too, so the
 * header stops claiming a session the server no longer accepts.
 */
const endSessionOn401 = (error: unknown) => {
  if (isApiStatus(error, 401) && auth.getState().user) auth.signOut();
};

/** The query client of the app (router.tsx) and of the pre-rendered home page (home/start.tsx). */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOn401 }),
    mutationCache: new MutationCache({ onError: endSessionOn401 }),
    defaultOptions: {
      queries: {
        // A 4xx will not change on retry (not found, invalid id); network and 5xx errors get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}
