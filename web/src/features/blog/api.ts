import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import { followCursor, mapPages, pageQuery, unwrapPage } from '../../lib/next-page';
import type { CommentInfo, PostDetail } from './types';

/** Posts the blog list shows at first and adds with each 'Show more posts'. */
export const POSTS_PAGE = 12;
/** Comments a post shows at first and adds with each 'Show more comments'. */
export const COMMENTS_PAGE = 50;

/** One page of the blog list, newest first, and the next page's cursor (decision 049). */
export const fetchPostsPage = (cursor: string | null) =>
  unwrapPage(api.api.posts.$get({ query: pageQuery(POSTS_PAGE, cursor) }));

export async function fetchPost(slug: string): Promise<PostDetail> {
  return unwrap(api.api.posts[':slug'].$get({ param: path({ slug }) }));
}

/** One page of a post's comments, oldest first, and the next page's cursor. */
export const fetchCommentsPage = (postId: string, cursor: string | null) =>
  unwrapPage(
    api.api.posts[':id'].comments.$get({
      param: path({ id: postId }),
      query: pageQuery(COMMENTS_PAGE, cursor),
    }),
  );

/** Toggles the signed-in user's like; the reply lists the likers. */
export async function likePost(postId: string): Promise<string[]> {
  return unwrap(api.api.posts[':id'].like.$put({ param: path({ id: postId }) }));
}

export async function addComment(input: { text: string; postId: string }): Promise<CommentInfo> {
  return unwrap(api.api.comments.$post({ json: input }));
}

/** Newest first (the server's order), a page at a time: 'Show more posts' follows the cursor. */
export const postsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['posts', 'list'],
    queryFn: ({ pageParam }) => fetchPostsPage(pageParam),
    ...followCursor,
    staleTime: 60_000,
  });

export const postQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['posts', 'slug', slug], queryFn: () => fetchPost(slug), staleTime: 60_000 });

/** Oldest first, a page at a time: 'Show more comments' follows the cursor. */
export const commentsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: ['posts', 'comments', postId],
    queryFn: ({ pageParam }) => fetchCommentsPage(postId, pageParam),
    ...followCursor,
    staleTime: 30_000,
  });

/** Puts a like's reply into the cached post, so the count follows the server's list. */
export function applyLikes(queryClient: QueryClient, slug: string, likes: string[]): void {
  queryClient.setQueryData(postQueryOptions(slug).queryKey, (post) => (post ? { ...post, likes } : post));
  queryClient.setQueryData(postsQueryOptions().queryKey, (posts) =>
    mapPages(posts, (items) => items.map((post) => (post.slug === slug ? { ...post, likes } : post))),
  );
}

/**
 * Adds a posted comment to the cached list when its last page is loaded
 * (the newest comment comes last), then the list is fetched again in the
 * background.
 */
export function appendComment(queryClient: QueryClient, comment: CommentInfo): void {
  const { queryKey } = commentsQueryOptions(comment.postId);
  queryClient.setQueryData(queryKey, (data) => {
    const last = data?.pages.at(-1);
    if (!data || !last || last.cursor) return data;
    if (data.pages.some((page) => page.items.some((c) => c._id === comment._id))) return data;
    return { ...data, pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }] };
  });
  void queryClient.invalidateQueries({ queryKey });
}
