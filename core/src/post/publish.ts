import * as z from 'zod';
import { assertAdmin } from '../actor';
import { failedConditions, idSet, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { uploadedBytes } from '../rules/schema';
import { Images } from '../storage/images';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { CreateInput, Form } from './input';
import { fromId } from './read';
import { candidateSlug, SLUG_ATTEMPTS } from './slugs';
import { type Detail, entity, imageMessages, SLUG_TAKEN, slugGuard, type Stored, toDetail } from './store';
import { slugify, summaryOf } from './text';

/** Publishing a post: the verb the seed uses and the admin's form with its hero image. */
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
