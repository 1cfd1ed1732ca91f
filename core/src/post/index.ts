import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { assertAdmin, useUserId } from '../actor';
import { db, tableName } from '../db/client';
import { idList, queryCollection } from '../db/collection';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { imageUrl } from '../storage/image-url';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
import { requiredLine } from '../util/text';
import { slugify, summaryOf } from './text';

/**
 * Blog posts (doc 1 §3, doc 2 §3): markdown content, a unique slug held by a
 * guard item, and likes as a set of user ids. Comments: ./comment.ts.
 */
export namespace Post {
  export const id = idSchema('post', 'post');
  /** Lowercase letters and digits in hyphen-separated words. */
  export const slug = z
    .string()
    .trim()
    .max(80, 'Slugs can be at most 80 characters.')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slugs are lowercase words joined by hyphens.');

  export const Person = z.object({ firstName: z.string(), lastName: z.string() });

  /** A post in the blog list (doc 1 §3 plus doc 2's flags and likes). */
  export const Info = z.object({
    _id: id,
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    /** Site-relative (/images/...) or absolute; null without one. */
    heroImage: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** null: the pages show 'Admin'. */
    author: Person.nullable(),
    allowLikes: z.boolean(),
    allowComments: z.boolean(),
    /** User ids of the likers. */
    likes: z.array(z.string()),
  });
  export type Info = z.infer<typeof Info>;

  /** One post, for its page: the list fields plus the markdown content. */
  export const Detail = Info.extend({ content: z.string() });
  export type Detail = z.infer<typeof Detail>;

  /** The like reply (doc 2 §7, "returns list of likers"): the likers' user ids, a bare array. */
  export type Likes = string[];

  export const CONTENT_MAX = 50_000;

  export const CreateInput = z.object({
    title: z
      .string({ error: 'Title is required.' })
      .trim()
      .min(1, 'Title is required.')
      .max(200, 'Titles can be at most 200 characters.'),
    content: z
      .string({ error: 'Content is required.' })
      .trim()
      .min(1, 'Content is required.')
      .max(CONTENT_MAX, `Content can be at most ${CONTENT_MAX} characters.`),
    /** Blank: the start of the content, as plain text. */
    summary: z.string().trim().max(1000, 'Summaries can be at most 1000 characters.').optional(),
    heroImage: imageUrl.optional(),
    allowLikes: z.boolean().default(true),
    allowComments: z.boolean().default(true),
    /** Blank: made from the title. */
    slug: slug.optional(),
    author: z
      .object({ firstName: requiredLine('First name', 80), lastName: requiredLine('Last name', 80) })
      .optional(),
    /** Seed and import only. */
    createdAt: z.iso.datetime().optional(),
    likes: z.array(idSchema('user')).default([]),
    postId: id.optional(),
  });
  export type CreateInput = z.input<typeof CreateInput>;

  export const NOT_FOUND = 'Post not found.';
  export const LIKES_OFF = 'Likes are turned off for this post.';
  export const SLUG_TAKEN = 'Another post already uses this slug. Please choose a different one.';

  const ENTITY = 'post';
  const VERSION = 1;
  const COLLECTION = 'POST';
  export const key = (postId: string) => ({ pk: `POST#${postId}`, sk: 'POST' });
  const slugKey = (value: string) => ({ pk: `SLUG#${value}`, sk: 'SLUG' });

  export type Item = ReturnType<typeof key> & {
    _type: typeof ENTITY;
    _v: number;
    collectionPk: string;
    collectionSk: string;
    id: string;
    slug: string;
    title: string;
    content: string;
    summary: string;
    heroImage?: string;
    author?: z.infer<typeof Person>;
    allowLikes: boolean;
    allowComments: boolean;
    /** A DynamoDB string set: absent when empty. */
    likes?: Set<string>;
    createdAt: string;
    updatedAt: string;
  };

  function toInfo(item: Item): Info {
    return {
      _id: item.id,
      slug: item.slug,
      title: item.title,
      summary: item.summary,
      heroImage: item.heroImage ?? null,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
      author: item.author ?? null,
      allowLikes: item.allowLikes,
      allowComments: item.allowComments,
      likes: idList(item.likes),
    };
  }

  function toDetail(item: Item): Detail {
    return { ...toInfo(item), content: item.content };
  }

  /**
   * Publishes a post (admin; the seed runs as admin). The slug is claimed by
   * a guard item in the same transaction: 409 when another post has it. A
   * given `postId` that already exists is left untouched (`created: false`).
   */
  export const create = fn(CreateInput, async (input) => {
    assertAdmin();
    const postId = input.postId ?? createId('post');
    const now = new Date().toISOString();
    const createdAt = input.createdAt ?? now;
    const postSlug = input.slug ?? (slugify(input.title) || postId.toLowerCase().replace('_', '-'));
    const item: Item = {
      ...key(postId),
      _type: ENTITY,
      _v: VERSION,
      collectionPk: COLLECTION,
      collectionSk: `${createdAt}#${postId}`,
      id: postId,
      slug: postSlug,
      title: input.title,
      content: input.content,
      summary: input.summary || summaryOf(input.content),
      heroImage: input.heroImage,
      author: input.author,
      allowLikes: input.allowLikes,
      allowComments: input.allowComments,
      likes: input.likes.length ? new Set(input.likes) : undefined,
      createdAt,
      updatedAt: now,
    };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Put: {
                TableName: tableName(),
                Item: { ...slugKey(postSlug), _type: 'slug', _v: 1, postId },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
      return { created: true, post: toDetail(item) };
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (reasons[0]?.Code === 'ConditionalCheckFailed')
        return { created: false, post: await fromId(postId) };
      if (reasons[1]?.Code === 'ConditionalCheckFailed') throw new VisibleError('conflict', SLUG_TAKEN);
      throw error;
    }
  });

  /** The stored item, or undefined. */
  export async function find(postId: string): Promise<Item | undefined> {
    const result = await db().send(
      new GetCommand({ TableName: tableName(), Key: key(postId), ConsistentRead: true }),
    );
    return result.Item as Item | undefined;
  }

  /** One post with its content; 404 'Post not found.'. */
  export const fromId = fn(id, async (postId) => {
    const item = await find(postId);
    if (!item) throw new VisibleError('not_found', NOT_FOUND);
    return toDetail(item);
  });

  /** The post page's read: by slug; 404 'Post not found.' for an unknown (or malformed) slug. */
  export async function fromSlug(value: string): Promise<Detail> {
    const parsed = slug.safeParse(value);
    if (!parsed.success) throw new VisibleError('not_found', NOT_FOUND);
    const guard = await db().send(new GetCommand({ TableName: tableName(), Key: slugKey(parsed.data) }));
    const postId = guard.Item?.postId as string | undefined;
    const item = postId ? await find(postId) : undefined;
    if (!item) throw new VisibleError('not_found', NOT_FOUND);
    return toDetail(item);
  }

  /** Every post, newest first, without content. */
  export async function list(): Promise<Info[]> {
    const items = await queryCollection<Item>(COLLECTION, { descending: true });
    return items.map(toInfo);
  }

  /**
   * Toggles the signed-in user's like (doc 2 §4). Refused with 403 when the
   * post has likes turned off: `allowLikes = true` is part of each write's
   * condition, so the rule holds even against a concurrent edit.
   */
  export const like = fn(id, async (postId): Promise<Likes> => {
    const user = useUserId();
    await RateLimit.hit(rateLimits.postLikeUser, user);
    const attempt = async (update: string, condition: string) => {
      try {
        const result = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key(postId),
            UpdateExpression: update,
            ConditionExpression: `attribute_exists(pk) AND allowLikes = :true AND ${condition}`,
            ExpressionAttributeValues: { ':user': new Set([user]), ':id': user, ':true': true },
            ReturnValues: 'ALL_NEW',
          }),
        );
        return idList((result.Attributes as Item).likes);
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        return null;
      }
    };
    for (let round = 0; round < 3; round += 1) {
      const liked = await attempt('ADD likes :user', 'NOT contains(likes, :id)');
      if (liked) return liked;
      const unliked = await attempt('DELETE likes :user', 'contains(likes, :id)');
      if (unliked) return unliked;
      const item = await find(postId);
      if (!item) throw new VisibleError('not_found', NOT_FOUND);
      if (!item.allowLikes) throw new VisibleError('forbidden', LIKES_OFF);
    }
    throw new VisibleError('conflict', 'Your like could not be saved. Please try again.');
  });
}
