import * as z from 'zod';
import { assertAdmin } from '../actor';
import { cond, failedConditions, transactWrite } from '../db/entity';
import { revisionOf } from '../db/revision';
import { VisibleError } from '../error';
import { uploadedBytes } from '../rules/schema';
import { Images } from '../storage/images';
import { fn } from '../util/fn';
import { Form } from './input';
import { candidateSlug, claimSlug, SLUG_ATTEMPTS } from './slugs';
import {
  CHANGED_MEANWHILE,
  type Detail,
  entity,
  find,
  id,
  imageMessages,
  NOT_FOUND,
  SLUG_TAKEN,
  slugGuard,
  type Stored,
  toDetail,
} from './store';
import { slugify, summaryOf } from './text';

/** The admin's changes to a published post: editing and deleting. */
/**
 * PUT /api/posts/{id}: the admin edits a post. Every field is the form's
 * (allowLikes and allowComments default to allowed, a blank summary is made
 * from the content); the hero image is kept unless a new file replaces it,
 * another URL is given, or `removeHeroImage` is set. A new title gives a new
 * slug, claimed as on create; the old slug keeps leading to the post
 * (decision 036). The write is conditional on the revision read (`rev`,
 * core/src/db/revision.ts), so two edits at once cannot both replace the
 * image (409 for the second); the image it no longer uses is removed after
 * the write.
 */
export const edit = fn(z.tuple([id, Form, uploadedBytes()]), editPost);
async function editPost(validId: string, input: Form, image?: Uint8Array): Promise<Detail> {
  assertAdmin();
  const current = await find(validId);
  if (!current) throw new VisibleError('not_found', NOT_FOUND);
  const uploaded = image?.byteLength ? await Images.upload('blog', image, imageMessages) : undefined;
  const heroImage = uploaded ?? (input.removeHeroImage ? undefined : (input.heroImage ?? current.heroImage));
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
        rev: revisionOf(current) + 1,
      };
      try {
        await transactWrite([
          entity.tx.patch(
            { id: validId },
            {
              set: {
                slug: after.slug,
                oldSlugs,
                title: after.title,
                content: after.content,
                summary: after.summary,
                allowLikes: after.allowLikes,
                allowComments: after.allowComments,
                updatedAt: now,
                heroImage,
              },
              remove: [!heroImage && 'heroImage'],
              when: (c) => c.unchangedSince(revisionOf(current)),
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
  const ours = cond.or(cond.itemAbsent(), cond.eq('postId', postId));
  try {
    await transactWrite([
      entity.tx.delete({ id: postId }, cond.itemExists()),
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
