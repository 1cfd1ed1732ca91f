import { useUserId } from '../actor';
import { idList, toggleMember } from '../db/entity';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { fn } from '../util/fn';
import { entity, find, id, LIKES_OFF, type Likes, NOT_FOUND } from './store';

/**
 * Toggles the signed-in user's like (doc 2 §4). Refused with 403 when the
 * post has likes turned off: `allowLikes = true` is part of each write's
 * condition, so the rule holds even against a concurrent edit.
 */
export const like = fn(id, async (postId): Promise<Likes> => {
  const user = useUserId();
  await RateLimit.hit(rateLimits.postLikeUser, user);
  const after = await toggleMember(
    entity,
    { id: postId },
    { attribute: 'likes', member: user, condition: 'allowLikes = :true', values: { ':true': true } },
  );
  if (after) return idList(after.likes);
  const post = await find(postId);
  if (!post) throw new VisibleError('not_found', NOT_FOUND);
  if (!post.allowLikes) throw new VisibleError('forbidden', LIKES_OFF);
  throw new VisibleError('conflict', 'Your like could not be saved. Please try again.');
});
