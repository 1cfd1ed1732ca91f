import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, path, unwrap } from '../../lib/api';

/** The bodies the API's validators accept, inferred from the typed client (never written twice). */
export type Credentials = InferRequestType<typeof api.api.users.login.$post>['json'];
export type Registration = InferRequestType<typeof api.api.users.register.$post>['json'];

export const login = (body: Credentials) => unwrap(api.api.users.login.$post({ json: body }));

export const register = (body: Registration) => unwrap(api.api.users.register.$post({ json: body }));

export const resendVerification = (email: string) =>
  unwrap(api.api.users['resend-verification'].$post({ json: { email } }));

export const forgotPassword = (email: string) =>
  unwrap(api.api.users['forgot-password'].$post({ json: { email } }));

export const resetPassword = (token: string, password: string) =>
  unwrap(api.api.users['reset-password'].$post({ json: { token, password } }));

/**
 * Verifying spends the token, so it is asked once per token and never retried
 * or refetched (React's strict mode mounts twice; the query dedupes).
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => unwrap(api.api.users['verify-email'][':token'].$get({ param: path({ token }) })),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
