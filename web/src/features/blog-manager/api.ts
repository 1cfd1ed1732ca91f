import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, path, type Reply, unwrap, withForm } from '../../lib/api';
import { followCursor, pageQuery, unwrapPage } from '../../lib/next-page';

/** A post as the list has it (no content), and as GET /api/posts/{slug} has it (the whole post). */
export type PostInfo = Reply<typeof api.api.posts.$get>[number];
export type PostDetail = Reply<(typeof api.api.posts)[':slug']['$get']>;

/**
 * The blog pages cache posts under keys that start with 'posts' (the list,
 * each post by slug, comments): every write here refreshes all of them, so
 * the admin sees the change on /blog at once.
 */
export const POSTS_KEY = ['posts'] as const;

/** Posts the Blog Manager lists at first and adds with each 'Load more posts'. */
export const ADMIN_POSTS_PAGE = 25;

/** The list, newest first, a page at a time: 'Load more posts' follows the cursor (decision 049). */
export const adminPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...POSTS_KEY, 'admin-list'],
    queryFn: ({ pageParam }) =>
      unwrapPage(api.api.posts.$get({ query: pageQuery(ADMIN_POSTS_PAGE, pageParam) })),
    ...followCursor,
  });

/** The whole post (the list has no content), for edit mode. */
export const adminPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...POSTS_KEY, 'admin', slug],
    queryFn: () => unwrap(api.api.posts[':slug'].$get({ param: path({ slug }) })),
  });

export type PostDraft = {
  title: string;
  content: string;
  summary: string;
  allowLikes: boolean;
  allowComments: boolean;
  heroImage?: File;
  /** Edit mode: drop the current hero image (without a new one). */
  removeHeroImage?: boolean;
};

function formOf(draft: PostDraft): FormData {
  const form = new FormData();
  form.set('title', draft.title);
  form.set('content', draft.content);
  form.set('summary', draft.summary);
  form.set('allowLikes', String(draft.allowLikes));
  form.set('allowComments', String(draft.allowComments));
  if (draft.heroImage) form.set('heroImage', draft.heroImage, draft.heroImage.name);
  else if (draft.removeHeroImage) form.set('removeHeroImage', 'true');
  return form;
}

/** POST /api/posts, multipart (doc 2 §7). */
export const createPost = (draft: PostDraft) => unwrap(api.api.posts.$post({}, withForm(formOf(draft))));

/** PUT /api/posts/{id}, multipart (doc 2 §7); without a new file the current hero image stays. */
export const updatePost = ({ id, draft }: { id: string; draft: PostDraft }) =>
  unwrap(api.api.posts[':id'].$put({ param: path({ id }) }, withForm(formOf(draft))));

export const deletePost = (id: string) => unwrap(api.api.posts[':id'].$delete({ param: path({ id }) }));
