import * as z from 'zod';
import { defineEntity, idList } from '../db/entity';
import { idSchema } from '../util/id';
import { postMessages } from './rules';

/** The post as stored and as the pages see it: schemas, the entity, its slug guard and views. */
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

export const NOT_FOUND = 'Post not found.';
export const LIKES_OFF = 'Likes are turned off for this post.';
export const SLUG_TAKEN = 'Another post already uses this slug. Please choose a different one.';
export const CHANGED_MEANWHILE = 'This post was changed meanwhile. Please reload it and try again.';
export const imageMessages = {
  tooLarge: postMessages.imageTooLarge,
  notAllowed: postMessages.imageNotAllowed,
};

export const Stored = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  content: z.string(),
  summary: z.string(),
  heroImage: z.string().optional(),
  /** Slugs the post had before its title changed: they still lead to it (decision 036). */
  oldSlugs: z.array(z.string()).optional(),
  author: Person.optional(),
  allowLikes: z.boolean(),
  allowComments: z.boolean(),
  /** A DynamoDB string set: absent when empty. */
  likes: z.set(z.string()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The revision (core/src/db/revision.ts): raised by each edit, whose write
   * is conditional on the one it read. A like does not raise it: it changes
   * only `likes`, which an edit (an UpdateItem of named fields) never writes.
   */
  rev: z.number().int().optional(),
});
export type Stored = z.infer<typeof Stored>;

export const entity = defineEntity({
  name: 'post',
  version: 1,
  schema: Stored,
  key: ({ id }: { id: string }) => ({ pk: `POST#${id}`, sk: 'POST' }),
  patterns: {
    /** Every post, by when it was written. */
    byCreation: { index: 'byCollection', pk: { prefix: 'POST' }, sk: { composite: ['createdAt', 'id'] } },
  },
});

/** A post without its body (and old slugs): what the list and the sitemap read (decision 057). */
export const summaryView = {
  attributes: [
    'id',
    'slug',
    'title',
    'summary',
    'heroImage',
    'author',
    'allowLikes',
    'allowComments',
    'likes',
    'createdAt',
    'updatedAt',
  ] as const,
  schema: Stored.omit({ content: true, oldSlugs: true }),
};

/** Guards a slug's uniqueness and finds the post by it. */
export const slugGuard = defineEntity({
  name: 'slug',
  version: 1,
  schema: z.object({ slug: z.string(), postId: z.string() }),
  key: ({ slug: value }: { slug: string }) => ({ pk: `SLUG#${value}`, sk: 'SLUG' }),
});

export function toInfo(item: Omit<Stored, 'content' | 'oldSlugs'>): Info {
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

export function toDetail(item: Stored): Detail {
  return { ...toInfo(item), content: item.content };
}

/** The stored post, or undefined. */
export function find(postId: string): Promise<Stored | undefined> {
  return entity.get({ id: postId }, { consistent: true });
}
