import * as z from 'zod';
import { defineEntity } from '../db/entity';

/**
 * A person's calendar feed (issue 36, decision 118): one item per account, in
 * its partition (`USER#<usr>` / `CALFEED`). It holds the hash of the feed's
 * current token (the link token's key, `LinkToken.prepare`) and the nonce the
 * token is derived from with the server's secret, so the page can show the
 * address again while the table alone holds nothing that opens it.
 */
export const feedEntity = defineEntity({
  name: 'calendarFeed',
  version: 1,
  schema: z.object({
    userId: z.string(),
    /** 128 random bits (base64url): with the server's secret, the token (address.ts). */
    nonce: z.string(),
    /** The current token's hash: "New address" replaces it on condition that it is still this one. */
    tokenHash: z.string(),
    createdAt: z.string(),
  }),
  key: ({ userId }: { userId: string }) => ({ pk: `USER#${userId}`, sk: 'CALFEED' }),
});
export type Feed = ReturnType<typeof feedEntity.parse>;
