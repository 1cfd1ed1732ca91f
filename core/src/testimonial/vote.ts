import * as z from 'zod';
import { useUserId } from '../actor';
import { idList, toggleMember } from '../db/entity';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { fn } from '../util/fn';
import { VoteInput } from './input';
import { id } from './model';
import { fromId } from './read';
import { entity } from './store';

/**
 * One vote per user (decision 010): `like` adds the user to likes and
 * removes them from dislikes; the same vote again withdraws it. Each write
 * is one conditional UpdateItem that touches both sets, so a user can never
 * end up in both lists, however votes race; a lost race is retried.
 */
export const vote = fn(
  z.object({ testimonialId: id, ...VoteInput.shape }),
  async ({ testimonialId, voteType }) => {
    const user = useUserId();
    await RateLimit.hit(rateLimits.testimonialVoteUser, user);
    const [mine, other] = voteType === 'like' ? ['likes', 'dislikes'] : ['dislikes', 'likes'];
    const after = await toggleMember(
      entity,
      { id: testimonialId },
      {
        attribute: mine,
        member: user,
        alsoRemoveFrom: other,
        set: 'updatedAt = :now',
        values: { ':now': new Date().toISOString() },
      },
    );
    if (after) return { likes: idList(after.likes), dislikes: idList(after.dislikes) };
    // Neither write's condition held three times: the testimonial is gone (404), or votes kept racing.
    await fromId(testimonialId);
    throw new VisibleError('conflict', 'Your vote could not be saved. Please try again.');
  },
);
