import { errors, jwtVerify, SignJWT } from 'jose';
import type { UserActor } from '../actor';
import { config } from '../config';
import { VisibleError } from '../error';
import { User } from '../user/index';

/**
 * Session tokens: HS256 JWTs signed with the configured secret (≥ 32 bytes).
 * Claims are top level: `sub` (user id), `role`, `firstName`, `iat`, `exp`,
 * plus `ver`, the user's token version. Changing or resetting a password bumps
 * the version, which ends every session issued before (decision 007).
 */
export namespace Session {
  const ALGORITHM = 'HS256';
  export const INVALID = 'Your session has expired or is no longer valid. Please log in again.';

  const key = () => new TextEncoder().encode(config().jwtSecret);

  export type Subject = Pick<User.Account, 'id' | 'role' | 'firstName' | 'tokenVersion'>;

  export async function issue(user: Subject, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ role: user.role, firstName: user.firstName, ver: user.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt(iat)
      .setExpirationTime(iat + config().jwtLifetimeSeconds)
      .sign(key());
  }

  /**
   * The user a token speaks for, or 401. The algorithm is pinned (no `none`,
   * no key confusion), `exp` is required, and the user must still exist with
   * the token's version. The role comes from the stored user, so a demoted
   * admin loses admin rights at once.
   */
  export async function verify(token: string): Promise<UserActor> {
    let claims: { sub?: string; ver?: unknown };
    try {
      ({ payload: claims } = await jwtVerify(token, key(), {
        algorithms: [ALGORITHM],
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) {
        throw new VisibleError('unauthorized', INVALID);
      }
      throw error;
    }
    const user = claims.sub ? await User.find(claims.sub) : undefined;
    if (!user || user.tokenVersion !== claims.ver || user.disabled) {
      throw new VisibleError('unauthorized', INVALID);
    }
    return { type: 'user', userId: user.id, role: user.role, firstName: user.firstName };
  }
}
