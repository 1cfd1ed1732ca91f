import { createHmac, randomBytes } from 'node:crypto';
import { assertStaff, useUser } from '../actor';
import { linkPage } from '../auth/link-flows';
import { LinkToken } from '../auth/link-token';
import { config } from '../config';
import { cond, onConflict, transactWrite } from '../db/entity';
import { absoluteUrl } from '../links';
import { Technician } from '../technician/index';
import { feedEntity } from './store';

/**
 * The signed-in technician's or admin's own feed address (decision 118): read
 * it (null until one is made), and make a new one, which stops the old one at
 * once. The token is a link token of the `calendar-feed` flow (view-only,
 * never running out), stored hashed; it is derived from a random nonce and the
 * server's secret, so the address can be shown again.
 */

export const calendarFeedMessages = {
  changedMeanwhile: 'Your calendar address was changed meanwhile. Reload the page to see the current one.',
} as const;

/** A feed's address, for calendar apps (`webcal://`) and for anything else (`https://`). */
export type Address = { webcal: string; https: string; createdAt: string };

/** The token of `userId`'s feed made with `nonce`: 43 base64url characters, as every link token. */
const tokenOf = (userId: string, nonce: string) =>
  createHmac('sha256', config().jwtSecret).update(`calendar-feed:${userId}:${nonce}`).digest('base64url');

const addressOf = (token: string, createdAt: string): Address => {
  const https = absoluteUrl(linkPage('calendar-feed', token));
  return { https, webcal: https.replace(/^https?:/, 'webcal:'), createdAt };
};

/** The caller, when they may have a feed: an admin, or an active technician (403 for anyone else). */
async function owner(): Promise<string> {
  assertStaff();
  const user = useUser();
  if (user.role !== 'admin') await Technician.me();
  return user.userId;
}

/** The caller's feed address; null before they made one (or after the server's secret changed). */
export async function address(): Promise<Address | null> {
  const userId = await owner();
  const feed = await feedEntity.get({ userId }, { consistent: true });
  if (!feed) return null;
  const token = tokenOf(userId, feed.nonce);
  return LinkToken.hashOf(token) === feed.tokenHash ? addressOf(token, feed.createdAt) : null;
}

/**
 * A new feed address for the caller: one transaction stores the new token,
 * deletes the old one and records the new hash on condition that the feed is
 * still the one read, so of two at once exactly one wins (the other: 409).
 */
export async function renew(): Promise<Address> {
  const userId = await owner();
  const feed = await feedEntity.get({ userId }, { consistent: true });
  const now = new Date();
  const nonce = randomBytes(16).toString('base64url');
  const token = tokenOf(userId, nonce);
  const prepared = LinkToken.prepare('calendar-feed', {
    subjectId: userId,
    owner: feedEntity.key({ userId }),
    token,
    now,
  });
  const createdAt = now.toISOString();
  await onConflict(calendarFeedMessages.changedMeanwhile, () =>
    transactWrite([
      feedEntity.tx.put(
        { userId, nonce, tokenHash: prepared.tokenHash, createdAt },
        { when: feed ? cond.eq('tokenHash', feed.tokenHash) : cond.itemAbsent() },
      ),
      ...(feed ? [LinkToken.removeItem(feed.tokenHash)] : []),
      prepared.item,
    ]),
  );
  return addressOf(token, createdAt);
}
