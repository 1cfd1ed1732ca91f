import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';

export type Credentials = { email: string; password: string };
export type Registration = { firstName: string; lastName: string; email: string; password: string };

export const login = (body: Credentials) => unwrap(api.api.users.login.$post({ json: body }));

export const register = (body: Registration) => unwrap(api.api.users.register.$post({ json: body }));

export const resendVerification = (email: string) =>
  unwrap(api.api.users['resend-verification'].$post({ json: { email } }));

export const forgotPassword = (email: string) =>
  unwrap(api.api.users['forgot-password'].$post({ json: { email } }));

export const resetPassword = (token: string, password: string) =>
  unwrap(api.api.users['reset-password'].$post({ json: { token, password } }));

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  unwrap(api.api.users['change-password'].$post({ json: body }));

/**
 * Verifying spends the token, so it is asked once per token and never retried
 * or refetched (React's strict mode mounts twice; the query dedupes).
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => unwrap(api.api.users['verify-email'][':token'].$get({ param: { token } })),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
