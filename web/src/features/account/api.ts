import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../../lib/api';

export type PasswordChange = InferRequestType<(typeof api.api.users)['change-password']['$post']>['json'];

/** Replies { msg, token }: the server ends every other session and gives this one a new token. */
export const changePassword = (body: PasswordChange) =>
  unwrap(api.api.users['change-password'].$post({ json: body }));
