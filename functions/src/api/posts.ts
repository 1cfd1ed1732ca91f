import { Comment } from '@app/core/post/comment';
import { Post } from '@app/core/post/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import type { Context } from 'hono';
import { postMessages } from '@app/core/post/rules';
import { IMAGE_MAX_BYTES } from '@app/core/storage/rules';
import { requireAdmin, requireUser } from './auth';
import { readImageForm, text, uploadLimit } from './uploads';
import { invalidInput, pageQuery, pageReply } from './validation';

const byId = zValidator('param', z.object({ id: Post.like.schema }), invalidInput);

/** The Blog Manager's multipart form (doc 2 §7): its text fields, and the heroImage file if one came. */
async function postForm(
  c: Context,
): Promise<{ input: Record<string, string | undefined>; image?: Uint8Array }> {
  const { fields, image } = await readImageForm(c, 'heroImage', {
    maxBytes: IMAGE_MAX_BYTES,
    tooLarge: postMessages.imageTooLarge,
    notMultipart: 'Send the post as multipart/form-data.',
  });
  const optional = (name: string) => text(fields[name]) || undefined;
  return {
    input: {
      title: text(fields.title) ?? '',
      content: text(fields.content) ?? '',
      summary: optional('summary'),
      allowLikes: optional('allowLikes'),
      allowComments: optional('allowComments'),
      // A URL instead of a file (the edit form sends the current one back): kept as data (decision 012).
      heroImage: optional('heroImage'),
      removeHeroImage: optional('removeHeroImage'),
    },
    image,
  };
}

/**
 * /api/posts (doc 1 §7, doc 2 §7): the blog list, one post by slug, its
 * comments and likes; the admin publishes, edits and deletes (multipart with
 * an optional heroImage file).
 */
export const posts = new Hono()
  // Bare arrays, as the spec's client reads them; a next page is named by X-Next-Cursor (decisions 049, 062).
  .get('/', zValidator('query', pageQuery, invalidInput), async (c) => {
    return pageReply(c, await Post.list(c.req.valid('query')));
  })
  .post('/', requireAdmin, uploadLimit(postMessages.imageTooLarge), async (c) => {
    const { input, image } = await postForm(c);
    const post: Post.Detail = await Post.publish(input, image);
    return c.json(post, 201);
  })
  .put('/:id', requireAdmin, byId, uploadLimit(postMessages.imageTooLarge), async (c) => {
    const { input, image } = await postForm(c);
    const post: Post.Detail = await Post.edit(c.req.valid('param').id, input, image);
    return c.json(post);
  })
  .delete('/:id', requireAdmin, byId, async (c) => {
    const { deletedComments } = await Post.remove(c.req.valid('param').id);
    return c.json({ msg: 'Post deleted successfully!', deletedComments });
  })
  .get('/:slug', async (c) => c.json(await Post.fromSlug(c.req.param('slug'))))
  .get('/:id/comments', byId, zValidator('query', pageQuery, invalidInput), async (c) => {
    const page = await Comment.list({ postId: c.req.valid('param').id, ...c.req.valid('query') });
    return pageReply(c, page);
  })
  .put('/:id/like', requireUser, byId, async (c) => {
    const likes: Post.Likes = await Post.like(c.req.valid('param').id);
    return c.json(likes);
  });

/** /api/comments (doc 2 §7): a signed-in user comments on a post. */
export const comments = new Hono().post(
  '/',
  requireUser,
  zValidator('json', Comment.create.schema, invalidInput),
  async (c) => c.json(await Comment.create(c.req.valid('json')), 201),
);
