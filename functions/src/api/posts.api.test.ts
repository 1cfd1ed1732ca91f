import { Post } from '@app/core/post/index';
import { RateLimit } from '@app/core/rate-limit/index';
import { rateLimits } from '@app/core/rate-limit/rules';
import { describe, expect, it } from 'vitest';
import { createPost, newestFirst } from '../../../tests/content-factories';
import { asAdmin, createUser, json } from '../../../tests/factories';
import { app } from './index';

type PostReply = Record<string, unknown> & { _id: string; slug: string; likes: string[] };
type CommentReply = { _id: string; text: string; postId: string; author: unknown; createdAt: string };

const UNKNOWN = 'pst_01JZZZZZZZZZZZZZZZZZZZZZZZ';

const like = (id: string, headers: Record<string, string> = {}) =>
  app.request(`/api/posts/${id}/like`, { method: 'PUT', headers });

const comment = (body: unknown, headers: Record<string, string> = {}) =>
  app.request('/api/comments', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** A user who used up `rule` on a new post: `act` on that post is refused with 429. */
async function refusedOverLimit(
  rule: RateLimit.Rule,
  act: (postId: string, headers: Record<string, string>) => Response | Promise<Response>,
) {
  const post = await createPost();
  const user = await createUser();
  for (let i = 0; i < rule.limit; i += 1) await RateLimit.hit(rule, user._id);
  const response = await act(post._id, user.headers);
  expect(response.status).toBe(429);
  expect(await json(response)).toMatchObject({ msg: RateLimit.TOO_MANY });
}

describe('GET /api/posts', () => {
  it('lists posts newest first, without content, in the list shape', async () => {
    const older = await createPost({
      title: 'Winter Checklist',
      slug: 'winter-checklist-list-test',
      content: '# Winter\n\nCheck the **battery** and [tires](https://example.com).',
      heroImage: '/images/blog/winter.png',
      author: { firstName: 'Mike', lastName: 'Rivera' },
      createdAt: '2025-01-05T12:00:00.000Z',
      allowComments: false,
    });
    const newer = await createPost({
      title: 'Absolute hero',
      summary: 'A summary given by hand.',
      heroImage: 'https://images.example.com/hero.jpg',
      createdAt: '2025-03-05T12:00:00.000Z',
    });

    const list = await newestFirst<PostReply>('/api/posts', newer, older);

    expect(list.find((p) => p._id === older._id)).toEqual({
      _id: older._id,
      slug: 'winter-checklist-list-test',
      title: 'Winter Checklist',
      // Made from the content when none is given: plain text.
      summary: 'Winter Check the battery and tires.',
      heroImage: '/images/blog/winter.png',
      createdAt: '2025-01-05T12:00:00.000Z',
      updatedAt: expect.any(String),
      author: { firstName: 'Mike', lastName: 'Rivera' },
      allowLikes: true,
      allowComments: false,
      likes: [],
    });
    expect(list.find((p) => p._id === newer._id)).toMatchObject({
      summary: 'A summary given by hand.',
      heroImage: 'https://images.example.com/hero.jpg',
      author: null,
    });
    expect(list.every((p) => !('content' in p))).toBe(true);
  });
});

describe('GET /api/posts/{slug}', () => {
  it('returns the post with its markdown content', async () => {
    const post = await createPost({ title: 'Brake Warning Signs!', content: '## Squeal\n\n- one\n- two' });
    expect(post.slug).toMatch(/^brake-warning-signs$|^brake-warning-signs-/);

    const response = await app.request(`/api/posts/${post.slug}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ...post, content: '## Squeal\n\n- one\n- two' });
  });

  it.each(['no-such-post', 'Not A Slug', '..%2F..%2Fetc'])(
    "answers 404 'Post not found.' for %s",
    async (slug) => {
      const response = await app.request(`/api/posts/${slug}`);
      expect(response.status).toBe(404);
      expect(await json(response)).toEqual({ msg: 'Post not found.' });
    },
  );

  it('keeps slugs unique (409) and writes nothing for the loser', async () => {
    await createPost({ title: 'First', slug: 'taken-slug' });
    const before = (await json<unknown[]>(await app.request('/api/posts'))).length;
    await expect(createPost({ title: 'Second', slug: 'taken-slug' })).rejects.toMatchObject({
      kind: 'conflict',
      message: Post.SLUG_TAKEN,
    });
    expect(await json<unknown[]>(await app.request('/api/posts'))).toHaveLength(before);
    expect(await json(await app.request('/api/posts/taken-slug'))).toMatchObject({ title: 'First' });
  });

  it('lets only an admin create posts', async () => {
    await expect(Post.create({ title: 'Nope', content: 'x' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await expect(asAdmin(() => Post.create({ title: '', content: 'x' }))).rejects.toThrow(
      /Title is required/,
    );
  });
});

describe('PUT /api/posts/{id}/like', () => {
  it('needs a signed-in user (401)', async () => {
    const post = await createPost();
    const response = await like(post._id);
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ msg: 'Please log in to continue.' });
  });

  it('toggles the user’s like and replies with the likers’ ids, a bare array', async () => {
    const post = await createPost();
    const alice = await createUser();
    const bob = await createUser();

    let response = await like(post._id, alice.headers);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([alice._id]);

    response = await like(post._id, bob.headers);
    expect(await json(response)).toEqual([alice._id, bob._id].sort());

    response = await like(post._id, alice.headers);
    expect(await json(response)).toEqual([bob._id]);

    expect(await json(await app.request(`/api/posts/${post.slug}`))).toMatchObject({ likes: [bob._id] });
  });

  it('is refused with 403 when the post has likes turned off, and changes nothing', async () => {
    const post = await createPost({ allowLikes: false });
    const user = await createUser();
    const response = await like(post._id, user.headers);
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ msg: 'Likes are turned off for this post.' });
    expect(await json(await app.request(`/api/posts/${post.slug}`))).toMatchObject({ likes: [] });
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    const user = await createUser();
    const missing = await like(UNKNOWN, user.headers);
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ msg: 'Post not found.' });
    const malformed = await like('nope', user.headers);
    expect(malformed.status).toBe(400);
    expect(await json(malformed)).toEqual({ msg: 'Invalid post id.' });
  });

  it('is rate limited per user (429)', () =>
    refusedOverLimit(rateLimits.postLikeUser, (postId, headers) => like(postId, headers)));
});

describe('comments', () => {
  it('POST /api/comments needs a signed-in user (401)', async () => {
    const post = await createPost();
    const response = await comment({ text: 'Hello', postId: post._id });
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({ msg: 'Please log in to continue.' });
  });

  it('adds a trimmed comment with its author; GET lists them oldest first', async () => {
    const post = await createPost();
    const user = await createUser({ firstName: 'Casey', lastName: 'Jones' });
    const other = await createUser({ firstName: 'Robin', lastName: 'Lee' });

    const first = await comment({ text: '  Very helpful, thanks!  ', postId: post._id }, user.headers);
    expect(first.status).toBe(201);
    const created = await json<CommentReply>(first);
    expect(created).toEqual({
      _id: expect.stringMatching(/^cmt_/),
      text: 'Very helpful, thanks!',
      postId: post._id,
      author: { firstName: 'Casey', lastName: 'Jones' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await json<CommentReply>(
      await comment({ text: 'Second!', postId: post._id }, other.headers),
    );

    const response = await app.request(`/api/posts/${post._id}/comments`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual([created, second]);
  });

  it('stores a markdown javascript: link as plain text, exactly as typed', async () => {
    const post = await createPost();
    const user = await createUser();
    const text = 'Click [x](javascript:alert(1)) <script>alert(2)</script>';
    const created = await json<CommentReply>(await comment({ text, postId: post._id }, user.headers));
    expect(created.text).toBe(text);
    const list = await json<CommentReply[]>(await app.request(`/api/posts/${post._id}/comments`));
    expect(list.map((c) => c.text)).toEqual([text]);
  });

  it.each([
    ['blank text', { text: '   ', postId: 'POST' }, 'Comment text is required.'],
    ['no text', { postId: 'POST' }, 'Comment text is required.'],
    [
      '2001 characters',
      { text: 'x'.repeat(2001), postId: 'POST' },
      'Comments can be at most 2000 characters.',
    ],
    ['no post id', { text: 'Hi' }, 'Post id is required.'],
    ['a malformed post id', { text: 'Hi', postId: 'nope' }, 'Invalid post id.'],
  ])('refuses %s with 400 and stores nothing', async (_label, body: Record<string, unknown>, msg) => {
    const post = await createPost();
    const user = await createUser();
    const payload = { ...body, ...(body.postId === 'POST' ? { postId: post._id } : {}) };
    const response = await comment(payload, user.headers);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ msg });
    expect(await json(await app.request(`/api/posts/${post._id}/comments`))).toEqual([]);
  });

  it('accepts exactly 2000 characters', async () => {
    const post = await createPost();
    const user = await createUser();
    const response = await comment({ text: 'y'.repeat(2000), postId: post._id }, user.headers);
    expect(response.status).toBe(201);
  });

  it('is refused with 403 when the post has comments turned off', async () => {
    const post = await createPost({ allowComments: false });
    const user = await createUser();
    const response = await comment({ text: 'Hello', postId: post._id }, user.headers);
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ msg: 'Comments are turned off for this post.' });
    expect(await json(await app.request(`/api/posts/${post._id}/comments`))).toEqual([]);
  });

  it('answers 404 for comments on an unknown post', async () => {
    const user = await createUser();
    const response = await comment({ text: 'Hello', postId: UNKNOWN }, user.headers);
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ msg: 'Post not found.' });
    const list = await app.request(`/api/posts/${UNKNOWN}/comments`);
    expect(list.status).toBe(404);
    expect(await json(list)).toEqual({ msg: 'Post not found.' });
  });

  it('is rate limited per user (429)', () =>
    refusedOverLimit(rateLimits.commentUser, (postId, headers) =>
      comment({ text: 'One too many', postId }, headers),
    ));
});
