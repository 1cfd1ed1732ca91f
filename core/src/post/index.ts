import * as z from 'zod';
import { assertAdmin, useUserId } from '../actor';
import { defineEntity, failedConditions, idList, idSet, toggleMember, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { imageUrl } from '../storage/image-url';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
import { isSingleLine, requiredLine } from '../util/text';
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
      .refine(isSingleLine, 'Titles cannot contain line breaks or control characters.')
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

  const Stored = z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    content: z.string(),
    summary: z.string(),
    heroImage: z.string().optional(),
    author: Person.optional(),
    allowLikes: z.boolean(),
    allowComments: z.boolean(),
    /** A DynamoDB string set: absent when empty. */
    likes: z.set(z.string()).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
  type Stored = z.infer<typeof Stored>;

  export const entity = defineEntity({
    name: 'post',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `POST#${id}`, sk: 'POST' }),
    indexes: { byCollection: (post) => ({ pk: 'POST', sk: `${post.createdAt}#${post.id}` }) },
  });

  /** Guards a slug's uniqueness and finds the post by it. */
  const slugGuard = defineEntity({
    name: 'slug',
    version: 1,
    schema: z.object({ slug: z.string(), postId: z.string() }),
    key: ({ slug: value }: { slug: string }) => ({ pk: `SLUG#${value}`, sk: 'SLUG' }),
  });

  function toInfo(item: Stored): Info {
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

  function toDetail(item: Stored): Detail {
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
    const record: Stored = {
      id: postId,
      slug: postSlug,
      title: input.title,
      content: input.content,
      summary: input.summary || summaryOf(input.content),
      heroImage: input.heroImage,
      author: input.author,
      allowLikes: input.allowLikes,
      allowComments: input.allowComments,
      likes: idSet(input.likes),
      createdAt,
      updatedAt: now,
    };
    try {
      await transactWrite([
        entity.tx.put(record, { ifAbsent: true }),
        slugGuard.tx.put({ slug: postSlug, postId }, { ifAbsent: true }),
      ]);
      return { created: true, post: toDetail(record) };
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) return { created: false, post: await fromId(postId) };
      if (failed?.includes(1)) throw new VisibleError('conflict', SLUG_TAKEN);
      throw error;
    }
  });

  /** The stored post, or undefined. */
  export function find(postId: string): Promise<Stored | undefined> {
    return entity.get({ id: postId }, { consistent: true });
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
    const guard = await slugGuard.get({ slug: parsed.data });
    const item = guard ? await find(guard.postId) : undefined;
    if (!item) throw new VisibleError('not_found', NOT_FOUND);
    return toDetail(item);
  }

  /** Every post, newest first, without content. */
  export async function list(): Promise<Info[]> {
    const posts = await entity.queryAll({ index: 'byCollection', partition: 'POST', descending: true });
    return posts.map(toInfo);
  }

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
}
