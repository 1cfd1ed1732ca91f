import * as z from 'zod';
import { useUser } from '../actor';
import {
  cond,
  defineEntity,
  failedConditions,
  MAX_PAGE,
  MAX_TRANSACTION_ITEMS,
  type Page,
  transactWrite,
} from '../db/entity';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
// The stored post (store.ts), not the façade (index.ts), which leads back here through edit.ts.
import * as Post from './store';
import { COMMENT_MAX_LENGTH } from './rules';

/**
 * Comments on blog posts (doc 2 §3, §5). Stored under the post's partition,
 * so a post's comments are one query, oldest first. The text is stored as
 * typed: it is markdown-free plain text to the server, and the page renders
 * it as text (a `[x](javascript:...)` stays inert characters).
 */
export namespace Comment {
  export const id = idSchema('comment', 'comment');

  export const MAX_LENGTH = COMMENT_MAX_LENGTH;

  export const Info = z.object({
    _id: id,
    text: z.string(),
    postId: z.string(),
    /** null: the page shows 'User'. */
    author: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
    createdAt: z.string(),
  });
  export type Info = z.infer<typeof Info>;

  export const CreateInput = z.object({
    text: z
      .string({ error: 'Comment text is required.' })
      .trim()
      .min(1, 'Comment text is required.')
      .max(MAX_LENGTH, `Comments can be at most ${MAX_LENGTH} characters.`),
    postId: z.string({ error: 'Post id is required.' }).pipe(Post.id),
  });
  export type CreateInput = z.input<typeof CreateInput>;

  export const COMMENTS_OFF = 'Comments are turned off for this post.';

  const Stored = z.object({
    id: z.string(),
    postId: z.string(),
    text: z.string(),
    authorId: z.string(),
    author: z.object({ firstName: z.string(), lastName: z.string() }).optional(),
    createdAt: z.string(),
  });
  type Stored = z.infer<typeof Stored>;

  /** Under the post's partition, so a post's comments are one query, oldest first. */
  const entity = defineEntity({
    name: 'comment',
    version: 1,
    schema: Stored,
    key: ({ postId, id }: { postId: string; id: string }) => ({
      pk: Post.entity.key({ id: postId }).pk,
      sk: `COMMENT#${id}`,
    }),
    patterns: {
      /** A post's comments, oldest first (ids are time-ordered), under the post's own partition. */
      ofPost: { pk: { prefix: 'POST', composite: ['postId'] }, sk: { prefix: 'COMMENT', composite: ['id'] } },
      /** A customer's comments. */
      byAuthor: {
        index: 'byOwner',
        pk: { prefix: 'USER', composite: ['authorId'] },
        sk: { prefix: 'COMMENT', composite: ['id'] },
      },
    },
  });

  function toInfo(item: Stored): Info {
    return {
      _id: item.id,
      text: item.text,
      postId: item.postId,
      author: item.author ?? null,
      createdAt: item.createdAt,
    };
  }

  /**
   * Adds the signed-in user's comment. The post must exist and allow
   * comments: checked in the same transaction as the write (404 / 403).
   */
  export const create = fn(CreateInput, async ({ text, postId }) => {
    const actor = useUser();
    await RateLimit.hit(rateLimits.commentUser, actor.userId);
    const account = await User.find(actor.userId);
    const record: Stored = {
      id: createId('comment'),
      postId,
      text,
      authorId: actor.userId,
      author: { firstName: account?.firstName ?? actor.firstName, lastName: account?.lastName ?? '' },
      createdAt: new Date().toISOString(),
    };
    try {
      await transactWrite([
        Post.entity.tx.check({ id: postId }, cond.and(cond.itemExists(), cond.eq('allowComments', true))),
        entity.tx.put(record, { ifAbsent: true }),
      ]);
    } catch (error) {
      if (!failedConditions(error)?.includes(0)) throw error;
      const post = await Post.find(postId);
      if (!post) throw new VisibleError('not_found', Post.NOT_FOUND);
      if (!post.allowComments) throw new VisibleError('forbidden', COMMENTS_OFF);
      throw error;
    }
    return toInfo(record);
  });

  /** Comments in one page when the caller names no `limit` (decision 049). */
  export const DEFAULT_PAGE = 50;

  export const ListInput = z.object({
    postId: Post.id,
    limit: z.number().int().min(1).max(MAX_PAGE).optional(),
    cursor: z.string().nullish(),
  });

  /** The post's partition range that holds its comments, oldest first. */
  const commentsOf = (postId: string) => entity.where('ofPost', { postId }, { beginsWith: {} });

  /**
   * One page of a post's comments, oldest first (decision 062): a key range
   * of the post's own partition, bounded by `limit` and the read budget;
   * 404 for an unknown post.
   */
  export const list = fn(ListInput, async ({ postId, limit, cursor }): Promise<Page<Info>> => {
    if (!(await Post.find(postId))) throw new VisibleError('not_found', Post.NOT_FOUND);
    const page = await entity.query({ ...commentsOf(postId), limit: limit ?? DEFAULT_PAGE, cursor });
    return { items: page.items.map(toInfo), cursor: page.cursor };
  });

  /**
   * Deletes every comment of a post (its delete, after the post itself is
   * gone, so no new one can arrive); returns how many. A page of
   * MAX_TRANSACTION_ITEMS is read, then deleted, until none is left: each
   * read is bounded, and the next always starts at the (new) first comment.
   * Internal: Post.remove checks the admin.
   */
  export async function removeAllOf(postId: string): Promise<number> {
    let removed = 0;
    for (;;) {
      const { items } = await entity.query({ ...commentsOf(postId), limit: MAX_TRANSACTION_ITEMS });
      if (items.length === 0) return removed;
      await transactWrite(items.map((comment) => entity.tx.delete({ postId, id: comment.id })));
      removed += items.length;
    }
  }
}
