import * as z from 'zod';
import { assertAdmin, useUserId } from '../actor';
import {
  defineEntity,
  failedConditions,
  idList,
  idSet,
  type Page,
  type TransactItem,
  toggleMember,
  transactWrite,
} from '../db/entity';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { imageUrl } from '../storage/image-url';
import { Images } from '../storage/images';
import { uploadedBytes } from '../rules/schema';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
import { isSingleLine, requiredLine } from '../util/text';
import { postMessages } from './rules';
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

  /** A yes/no field: JSON booleans, or a form's 'true'/'false' ('on'/'off', '1'/'0'). */
  const flag = (label: string) =>
    z.union(
      [
        z.boolean(),
        z
          .enum(['true', 'on', '1', 'false', 'off', '0'])
          .transform((value) => ['true', 'on', '1'].includes(value)),
      ],
      { error: `${label} must be true or false.` },
    );

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
    allowLikes: flag('allowLikes').default(true),
    allowComments: flag('allowComments').default(true),
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
  export const CHANGED_MEANWHILE = 'This post was changed meanwhile. Please reload it and try again.';
  const imageMessages = { tooLarge: postMessages.imageTooLarge, notAllowed: postMessages.imageNotAllowed };

  const Stored = z.object({
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
  });
  type Stored = z.infer<typeof Stored>;

  export const entity = defineEntity({
    name: 'post',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `POST#${id}`, sk: 'POST' }),
    indexes: { byCollection: (post) => ({ pk: 'POST', sk: `${post.createdAt}#${post.id}` }) },
  });

  /** A post without its body (and old slugs): what the list and the sitemap read (decision 057). */
  const summaryView = {
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
  const slugGuard = defineEntity({
    name: 'slug',
    version: 1,
    schema: z.object({ slug: z.string(), postId: z.string() }),
    key: ({ slug: value }: { slug: string }) => ({ pk: `SLUG#${value}`, sk: 'SLUG' }),
  });

  function toInfo(item: Omit<Stored, 'content' | 'oldSlugs'>): Info {
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

  /** How many numbered slugs (`title-2` ... `title-10`) are tried before a random ending. */
  const NUMBERED_SLUGS = 10;
  const SLUG_ATTEMPTS = NUMBERED_SLUGS + 5;

  /** The slug to try on attempt `n`: the title's, then `-2` ... `-10`, then a random ending. */
  function candidateSlug(base: string, attempt: number): string {
    if (attempt === 0) return base;
    const ending =
      attempt < NUMBERED_SLUGS
        ? `-${attempt + 1}`
        : `-${crypto.randomUUID().replaceAll('-', '').slice(0, 6)}`;
    return `${base.slice(0, 80 - ending.length).replace(/-+$/, '')}${ending}`;
  }

  /** A guard item put that succeeds when the slug is free or already this post's. */
  function claimSlug(value: string, postId: string): TransactItem {
    const { Put } = slugGuard.tx.put({ slug: value, postId });
    if (!Put) throw new Error('A put item without its Put.');
    return {
      Put: {
        ...Put,
        ConditionExpression: 'attribute_not_exists(pk) OR postId = :post',
        ExpressionAttributeValues: { ':post': postId },
      },
    };
  }

  /**
   * Publishes a post (admin; the seed runs as admin). The slug is claimed by
   * a guard item in the same transaction as the post. A slug made from the
   * title that another post holds gets a number (`title-2`, `title-3` ...,
   * then a random ending), each attempt one conditional transaction, so two
   * posts with the same title published at once get a slug each. A slug
   * given explicitly (seed, import) is taken as is or refused with 409. A
   * given `postId` that already exists is left untouched (`created: false`).
   */
  export const create = fn(CreateInput, async (input) => {
    assertAdmin();
    const postId = input.postId ?? createId('post');
    const now = new Date().toISOString();
    const createdAt = input.createdAt ?? now;
    const base = input.slug ?? (slugify(input.title) || postId.toLowerCase().replace('_', '-'));
    const attempts = input.slug ? 1 : SLUG_ATTEMPTS;
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const postSlug = candidateSlug(base, attempt);
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
        if (!failed?.includes(1)) throw error;
      }
    }
    throw new VisibleError('conflict', SLUG_TAKEN);
  });

  /** The admin's form (doc 2 §7): the fields of a post, as JSON or as a multipart form's text. */
  export const FormInput = CreateInput.pick({
    title: true,
    content: true,
    summary: true,
    allowLikes: true,
    allowComments: true,
    heroImage: true,
  }).extend({
    /** Edit only: drop the hero image without a new one. */
    removeHeroImage: flag('removeHeroImage').default(false),
  });
  /** Typed for JSON callers; a form's raw text fields are welcome too (parsed here). */
  export type FormInput = z.input<typeof FormInput> | Record<string, string | undefined>;
  /** The form as the verbs take it: JSON, or a multipart form's text fields (the schema parses both). */
  const Form = FormInput as unknown as z.ZodType<z.output<typeof FormInput>, FormInput>;
  type Form = z.output<typeof FormInput>;

  /**
   * POST /api/posts: the admin publishes a post, with an optional hero image
   * file (PNG, JPG or GIF by its bytes, at most 5 MB). The image is stored
   * first; when the post cannot be written it is removed again.
   */
  export const publish = fn(z.tuple([Form, uploadedBytes()]), publishPost);
  async function publishPost(input: Form, image?: Uint8Array): Promise<Detail> {
    assertAdmin();
    const uploaded = image?.byteLength ? await Images.upload('blog', image, imageMessages) : undefined;
    try {
      const { post } = await create({
        title: input.title,
        content: input.content,
        summary: input.summary,
        allowLikes: input.allowLikes,
        allowComments: input.allowComments,
        heroImage: uploaded ?? input.heroImage,
      });
      return post;
    } catch (error) {
      await Images.discard(uploaded);
      throw error;
    }
  }

  /**
   * PUT /api/posts/{id}: the admin edits a post. Every field is the form's
   * (allowLikes and allowComments default to allowed, a blank summary is made
   * from the content); the hero image is kept unless a new file replaces it,
   * another URL is given, or `removeHeroImage` is set. A new title gives a new
   * slug, claimed as on create; the old slug keeps leading to the post
   * (decision 036). The write is conditional on the version read, so two
   * edits at once cannot both replace the image (409 for the second); the
   * image it no longer uses is removed after the write.
   */
  export const edit = fn(z.tuple([id, Form, uploadedBytes()]), editPost);
  async function editPost(validId: string, input: Form, image?: Uint8Array): Promise<Detail> {
    assertAdmin();
    const current = await find(validId);
    if (!current) throw new VisibleError('not_found', NOT_FOUND);
    const uploaded = image?.byteLength ? await Images.upload('blog', image, imageMessages) : undefined;
    const heroImage =
      uploaded ?? (input.removeHeroImage ? undefined : (input.heroImage ?? current.heroImage));
    const desired = input.title === current.title ? current.slug : slugify(input.title) || current.slug;
    const owned = [current.slug, ...(current.oldSlugs ?? [])];
    const now = new Date().toISOString();
    try {
      for (let attempt = 0; attempt < SLUG_ATTEMPTS; attempt += 1) {
        const postSlug = owned.includes(desired) ? desired : candidateSlug(desired, attempt);
        const oldSlugs = owned.filter((value) => value !== postSlug);
        const after: Stored = {
          ...current,
          slug: postSlug,
          oldSlugs: oldSlugs.length ? oldSlugs : undefined,
          title: input.title,
          content: input.content,
          summary: input.summary || summaryOf(input.content),
          heroImage,
          allowLikes: input.allowLikes,
          allowComments: input.allowComments,
          updatedAt: now,
        };
        const values: Record<string, unknown> = {
          ':slug': after.slug,
          ':oldSlugs': oldSlugs,
          ':title': after.title,
          ':content': after.content,
          ':summary': after.summary,
          ':allowLikes': after.allowLikes,
          ':allowComments': after.allowComments,
          ':now': now,
          ':seen': current.updatedAt,
        };
        if (heroImage) values[':hero'] = heroImage;
        try {
          await transactWrite([
            entity.tx.update(
              { id: validId },
              {
                ConditionExpression: 'attribute_exists(pk) AND updatedAt = :seen',
                UpdateExpression: `SET slug = :slug, oldSlugs = :oldSlugs, title = :title, content = :content, summary = :summary, allowLikes = :allowLikes, allowComments = :allowComments, updatedAt = :now${heroImage ? ', heroImage = :hero' : ' REMOVE heroImage'}`,
                ExpressionAttributeValues: values,
              },
            ),
            claimSlug(postSlug, validId),
          ]);
        } catch (error) {
          const failed = failedConditions(error);
          if (failed?.includes(0)) {
            if (!(await find(validId))) throw new VisibleError('not_found', NOT_FOUND);
            throw new VisibleError('conflict', CHANGED_MEANWHILE);
          }
          if (failed?.includes(1) && !owned.includes(desired)) continue;
          throw error;
        }
        if (current.heroImage !== heroImage) await Images.discard(current.heroImage);
        const saved = await find(validId);
        return toDetail(saved ?? after);
      }
      throw new VisibleError('conflict', SLUG_TAKEN);
    } catch (error) {
      await Images.discard(uploaded);
      throw error;
    }
  }

  /**
   * DELETE /api/posts/{id}: the admin deletes a post (doc 2 §7). The post and
   * its current slug go in one transaction (from then on no comment can be
   * added: a comment's write checks the post), then its old slugs, its
   * comments and its uploaded hero image.
   */
  export const remove = fn(id, async (postId) => {
    assertAdmin();
    const current = await find(postId);
    if (!current) throw new VisibleError('not_found', NOT_FOUND);
    const ours = {
      ConditionExpression: 'attribute_not_exists(pk) OR postId = :post',
      ExpressionAttributeValues: { ':post': postId },
    };
    try {
      await transactWrite([
        entity.tx.delete({ id: postId }, { ConditionExpression: 'attribute_exists(pk)' }),
        slugGuard.tx.delete({ slug: current.slug }, ours),
      ]);
    } catch (error) {
      const failed = failedConditions(error);
      if (failed?.includes(0)) throw new VisibleError('not_found', NOT_FOUND);
      throw error;
    }
    for (const old of current.oldSlugs ?? []) {
      await transactWrite([slugGuard.tx.delete({ slug: old }, ours)]).catch((error: unknown) => {
        if (failedConditions(error) === null) throw error;
      });
    }
    const { Comment } = await import('./comment');
    const comments = await Comment.removeAllOf(postId);
    await Images.discard(current.heroImage);
    return { _id: postId, deletedComments: comments };
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

  /**
   * Every post, newest first, without content: a projection that leaves the
   * bodies out (a shop's few hundred posts, read in pages of 100).
   */
  export async function list(): Promise<Info[]> {
    const out: Info[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<z.infer<typeof summaryView.schema>> = await entity.queryView(summaryView, {
        index: 'byCollection',
        partition: 'POST',
        descending: true,
        limit: 100,
        cursor,
      });
      out.push(...page.items.map(toInfo));
      cursor = page.cursor;
    } while (cursor);
    return out;
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
