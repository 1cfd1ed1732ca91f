import { Images } from '@app/core/storage/images';
import { hasSizes, IMAGE_WIDTHS, sizedUrl } from '@app/core/storage/responsive';
import { IMAGE_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '@app/core/storage/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketAdminAndCustomer, createPost, stored } from '../../../tests/content-factories';
import { createUser, json } from '../../../tests/factories';
import { formOf, gifImage, imageFile, jpegImage, pngImage } from '../../../tests/images';
import { app } from './index';

type Msg = { msg: string };
type PostReply = {
  _id: string;
  slug: string;
  title: string;
  content: string;
  summary: string;
  heroImage: string | null;
  allowLikes: boolean;
  allowComments: boolean;
};
const UNKNOWN = 'pst_01JZZZZZZZZZZZZZZZZZZZZZZZ';

const write = (
  method: 'POST' | 'PUT',
  path: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: File,
) =>
  app.request(path, {
    method,
    headers,
    body: formOf(fields, file ? { field: 'heroImage', file } : undefined),
  });
const publish = (headers: Record<string, string>, fields: Record<string, string>, file?: File) =>
  write('POST', '/api/posts', headers, fields, file);
const edit = (id: string, headers: Record<string, string>, fields: Record<string, string>, file?: File) =>
  write('PUT', `/api/posts/${id}`, headers, fields, file);
const remove = (id: string, headers: Record<string, string>) =>
  app.request(`/api/posts/${id}`, { method: 'DELETE', headers });
const bySlug = (slug: string) => app.request(`/api/posts/${slug}`);
const listed = async () => json<PostReply[]>(await app.request('/api/posts'));

let admin: Awaited<ReturnType<typeof createUser>>;
let customer: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ({ admin, customer } = await bucketAdminAndCustomer());
});

describe('POST /api/posts', () => {
  it('publishes a post with a hero image; likes and comments allowed by default; on /api/posts at once', async () => {
    const before = await app.request('/api/posts');
    const etag = before.headers.get('etag') ?? '';
    const response = await publish(
      admin.headers,
      { title: 'Spring Tire Swap', content: '# Why\n\nWinter tires wear fast in **warm** weather.' },
      imageFile(jpegImage(), 'hero.jpg', 'image/jpeg'),
    );
    expect(response.status).toBe(201);
    const post = await json<PostReply>(response);
    expect(post).toMatchObject({
      slug: 'spring-tire-swap',
      title: 'Spring Tire Swap',
      summary: 'Why Winter tires wear fast in warm weather.',
      allowLikes: true,
      allowComments: true,
    });
    expect(post.heroImage).toMatch(/^\/images\/uploads\/blog\/[0-9a-f]{32}-sized\.jpg$/);
    expect(await stored(post.heroImage)).toBe(true);
    // The list is revalidated on every use (cache.ts): the old ETag no longer matches.
    const after = await app.request('/api/posts', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect((await json<PostReply[]>(after)).map((p) => p._id)).toContain(post._id);
    expect(await json(await bySlug('spring-tire-swap'))).toMatchObject({ _id: post._id });
  });

  it('keeps a given summary and the flags as sent', async () => {
    const response = await publish(admin.headers, {
      title: `Flags ${crypto.randomUUID().slice(0, 6)}`,
      content: 'Body.',
      summary: 'By hand.',
      allowLikes: 'false',
      allowComments: 'false',
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({
      summary: 'By hand.',
      allowLikes: false,
      allowComments: false,
    });
  });

  it('says what is missing: Title is required. / Content is required.; nothing is written', async () => {
    const before = (await listed()).length;
    const noTitle = await publish(admin.headers, { title: '  ', content: 'Body' });
    expect(noTitle.status).toBe(400);
    expect(await json(noTitle)).toEqual({ msg: 'Title is required.' });
    const noContent = await publish(admin.headers, { title: 'A title' });
    expect(noContent.status).toBe(400);
    expect(await json(noContent)).toEqual({ msg: 'Content is required.' });
    const badFlag = await publish(admin.headers, { title: 'A title', content: 'x', allowLikes: 'maybe' });
    expect(badFlag.status).toBe(400);
    const asJson = await app.request('/api/posts', {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'A title', content: 'x' }),
    });
    expect(asJson.status).toBe(400);
    expect((await listed()).length).toBe(before);
  });

  it('gives a second post with the same title a slug of its own', async () => {
    const title = `Same Title ${crypto.randomUUID().slice(0, 6)}`;
    const first = await json<PostReply>(await publish(admin.headers, { title, content: 'One' }));
    const second = await json<PostReply>(await publish(admin.headers, { title, content: 'Two' }));
    const third = await json<PostReply>(await publish(admin.headers, { title, content: 'Three' }));
    expect(second.slug).toBe(`${first.slug}-2`);
    expect(third.slug).toBe(`${first.slug}-3`);
    expect(await json(await bySlug(first.slug))).toMatchObject({ content: 'One' });
    expect(await json(await bySlug(second.slug))).toMatchObject({ content: 'Two' });
    // A title that makes no slug at all still gets one.
    const symbols = await publish(admin.headers, { title: '!!!', content: 'Symbols' });
    expect(symbols.status).toBe(201);
    expect((await json<PostReply>(symbols)).slug).toMatch(/^pst-/);
  });

  it('is the admin’s only', async () => {
    const fields = { title: 'Sneaky post', content: 'Not allowed.' };
    expect((await publish(customer.headers, fields)).status).toBe(403);
    expect((await publish({}, fields)).status).toBe(401);
    expect((await listed()).some((p) => p.title === 'Sneaky post')).toBe(false);
  });
});

describe('PUT /api/posts/{id}', () => {
  it('edits the fields; a new title gives a new slug and the old one still leads to the post', async () => {
    const post = await json<PostReply>(
      await publish(admin.headers, { title: `Old Name ${crypto.randomUUID().slice(0, 6)}`, content: 'v1' }),
    );
    const newTitle = `New Name ${crypto.randomUUID().slice(0, 6)}`;
    const response = await edit(post._id, admin.headers, {
      title: newTitle,
      content: 'v2 **bold**',
      allowComments: 'false',
    });
    expect(response.status).toBe(200);
    const edited = await json<PostReply>(response);
    expect(edited).toMatchObject({
      _id: post._id,
      title: newTitle,
      content: 'v2 **bold**',
      summary: 'v2 bold',
    });
    expect(edited).toMatchObject({ allowLikes: true, allowComments: false });
    expect(edited.slug).not.toBe(post.slug);
    expect(await json(await bySlug(edited.slug))).toMatchObject({ _id: post._id, title: newTitle });
    // The old URL keeps working: it answers the post, whose slug says where it lives now.
    expect(await json(await bySlug(post.slug))).toMatchObject({ _id: post._id, slug: edited.slug });
    // Back to the old title: its slug is the post's again.
    const back = await json<PostReply>(
      await edit(post._id, admin.headers, { title: post.title, content: 'v3' }),
    );
    expect(back.slug).toBe(post.slug);
    // Another post cannot take the old slug: it gets a number.
    const other = await json<PostReply>(await publish(admin.headers, { title: newTitle, content: 'other' }));
    expect(other.slug).toBe(`${edited.slug}-2`);
  });

  it('replaces the hero image and removes the old one from the bucket; keeps it when no file comes', async () => {
    const post = await publishedWithHero('Hero');
    const first = post.heroImage;
    expect(await stored(first)).toBe(true);
    const kept = await json<PostReply>(
      await edit(post._id, admin.headers, { title: post.title, content: 'y', heroImage: first ?? '' }),
    );
    expect(kept.heroImage).toBe(first);
    const replaced = await json<PostReply>(
      await edit(
        post._id,
        admin.headers,
        { title: post.title, content: 'z' },
        imageFile(gifImage(), 'b.gif', 'image/gif'),
      ),
    );
    expect(replaced.heroImage).toMatch(/\.gif$/);
    expect(await stored(replaced.heroImage)).toBe(true);
    expect(await stored(first)).toBe(false);
    const removed = await json<PostReply>(
      await edit(post._id, admin.headers, { title: post.title, content: 'z', removeHeroImage: 'true' }),
    );
    expect(removed.heroImage).toBeNull();
    expect(await stored(replaced.heroImage)).toBe(false);
  });

  it('stores WebP copies of an uploaded PNG at each width (decision 073), removed with the image', async () => {
    const post = await json<PostReply>(
      await publish(
        admin.headers,
        { title: `Sizes ${crypto.randomUUID().slice(0, 6)}`, content: 'x' },
        imageFile(pngImage(600, 300), 'wide.png', 'image/png'),
      ),
    );
    const hero = post.heroImage ?? '';
    expect(hasSizes(hero)).toBe(true);
    const { default: sharp } = await import('sharp');
    for (const width of IMAGE_WIDTHS) {
      const found = await Images.get(sizedUrl(hero, width).slice(Images.PATH_PREFIX.length));
      expect(found?.contentType).toBe('image/webp');
      const bytes = Buffer.from(await new Response(found?.body).arrayBuffer());
      // Never wider than the original (600 px).
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: Math.min(width, 600) });
    }
    expect((await remove(post._id, admin.headers)).status).toBe(200);
    for (const width of IMAGE_WIDTHS) expect(await stored(sizedUrl(hero, width))).toBe(false);
    expect(await stored(hero)).toBe(false);
  });

  it('refuses a bad image and bad fields without changing the post or storing anything', async () => {
    const post = await createPost({ content: 'Unchanged.' });
    const text = await edit(
      post._id,
      admin.headers,
      { title: 'Changed', content: 'Changed' },
      imageFile(new TextEncoder().encode('not an image'), 'x.png', 'image/png'),
    );
    expect(text.status).toBe(400);
    expect((await json<Msg>(text)).msg).toBe('Images must be PNG, JPG or GIF files.');
    expect((await edit(post._id, admin.headers, { title: '', content: 'x' })).status).toBe(400);
    expect(await json(await bySlug(post.slug))).toMatchObject({ title: post.title, content: 'Unchanged.' });
    expect((await edit(UNKNOWN, admin.headers, { title: 'x', content: 'x' })).status).toBe(404);
    expect((await edit(post._id, customer.headers, { title: 'x', content: 'x' })).status).toBe(403);
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('deletes the post with its comments, its slugs and its image', async () => {
    const post = await publishedWithHero('Doomed');
    const renamed = await json<PostReply>(
      await edit(post._id, admin.headers, {
        title: `Renamed ${crypto.randomUUID().slice(0, 6)}`,
        content: 'x',
      }),
    );
    for (const text of ['First!', 'Second.', 'Third.']) {
      const response = await app.request('/api/comments', {
        method: 'POST',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ text, postId: post._id }),
      });
      expect(response.status).toBe(201);
    }
    expect((await remove(post._id, customer.headers)).status).toBe(403);
    expect((await remove(post._id, {})).status).toBe(401);
    const response = await remove(post._id, admin.headers);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ deletedComments: 3 });
    expect((await bySlug(post.slug)).status).toBe(404);
    expect((await bySlug(renamed.slug)).status).toBe(404);
    expect((await app.request(`/api/posts/${post._id}/comments`)).status).toBe(404);
    expect((await listed()).map((p) => p._id)).not.toContain(post._id);
    expect(await stored(post.heroImage)).toBe(false);
    // Its comments are gone from the table, not just hidden.
    const { Comment } = await import('@app/core/post/comment');
    expect(await Comment.removeAllOf(post._id)).toBe(0);
    expect((await remove(post._id, admin.headers)).status).toBe(404);
    // Its slugs are free again.
    const again = await json<PostReply>(
      await publish(admin.headers, { title: post.title, content: 'Reborn' }),
    );
    expect(again.slug).toBe(post.slug);
  });
});

/** A post the admin published with a hero image, its title `<prefix> <random>`. */
async function publishedWithHero(prefix: string) {
  const title = `${prefix} ${crypto.randomUUID().slice(0, 6)}`;
  return json<PostReply>(
    await publish(admin.headers, { title, content: 'x' }, imageFile(pngImage(), 'a.png', 'image/png')),
  );
}

/** The admin publishes a post whose hero image is a PNG padded to `bytes`. */
function publishWithImage(bytes: number, title: string, name: string) {
  const image = new Uint8Array(bytes);
  image.set(pngImage());
  return publish(admin.headers, { title, content: 'x' }, imageFile(image, name, 'image/png'));
}

describe('uploads stop at 4 MB (what fits Lambda once base64-encoded, decision 087)', () => {
  it('refuses a 6 MB hero image with 413 and writes nothing', async () => {
    const before = (await listed()).length;
    const response = await publishWithImage(6 * 1024 * 1024, 'Too big', 'big.png');
    expect(response.status).toBe(413);
    expect((await json<Msg>(response)).msg).toEqual(expect.any(String));
    expect((await listed()).length).toBe(before);
  });

  it('accepts an image of exactly 4 MB, and refuses one byte more with the limit in its message', async () => {
    const response = await publishWithImage(
      IMAGE_MAX_BYTES,
      `Exactly four ${crypto.randomUUID().slice(0, 6)}`,
      'four.png',
    );
    expect(response.status).toBe(201);
    const post = await json<PostReply>(response);
    expect((await remove(post._id, admin.headers)).status).toBe(200);

    const refused = await publishWithImage(IMAGE_MAX_BYTES + 1, 'One byte over', 'over.png');
    expect(refused.status).toBe(413);
    expect((await json<Msg>(refused)).msg).toBe('Images can be at most 4 MB.');
  });

  it.each(['/api/posts', '/api/testimonials'])(
    '%s stops reading an endless body soon after the limit, without parsing it',
    async (path) => {
      let sent = 0;
      const chunk = new Uint8Array(64 * 1024).fill(0x41);
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength;
          // 100 MB at most, so a server that reads everything fails the test instead of hanging it.
          if (sent > 100 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const response = await app.request(path, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=xyz' },
        body: endless,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect((await json<Msg>(response)).msg).toEqual(expect.any(String));
      expect(sent).toBeLessThan(UPLOAD_BODY_MAX_BYTES + 1024 * 1024);
    },
  );
});
