import { Comment } from '@app/core/post/comment';
import { Post } from '@app/core/post/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import * as z from 'zod';
import { requireUser } from './auth';
import { invalidInput } from './validation';

const byId = zValidator('param', z.object({ id: Post.like.schema }), invalidInput);

/** /api/posts (doc 1 §7, doc 2 §7): the blog list, one post by slug, its comments, and likes. */
export const posts = new Hono()
  .get('/', async (c) => c.json(await Post.list()))
  .get('/:slug', async (c) => c.json(await Post.fromSlug(c.req.param('slug'))))
  .get('/:id/comments', byId, async (c) => c.json(await Comment.list(c.req.valid('param').id)))
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
