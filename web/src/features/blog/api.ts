import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, path, unwrap } from '../../lib/api';
import type { CommentInfo, PostDetail, PostInfo } from './types';

export async function fetchPosts(): Promise<PostInfo[]> {
  return unwrap(api.api.posts.$get());
}

export async function fetchPost(slug: string): Promise<PostDetail> {
  return unwrap(api.api.posts[':slug'].$get({ param: path({ slug }) }));
}

export async function fetchComments(postId: string): Promise<CommentInfo[]> {
  return unwrap(api.api.posts[':id'].comments.$get({ param: path({ id: postId }) }));
}

/** Toggles the signed-in user's like; the reply lists the likers. */
export async function likePost(postId: string): Promise<string[]> {
  return unwrap(api.api.posts[':id'].like.$put({ param: path({ id: postId }) }));
}

export async function addComment(input: { text: string; postId: string }): Promise<CommentInfo> {
  return unwrap(api.api.comments.$post({ json: input }));
}

/** Newest first (the server's order). */
export const postsQueryOptions = () =>
  queryOptions({ queryKey: ['posts'], queryFn: fetchPosts, staleTime: 60_000 });

export const postQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['posts', 'slug', slug], queryFn: () => fetchPost(slug), staleTime: 60_000 });

export const commentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['posts', 'comments', postId],
    queryFn: () => fetchComments(postId),
    staleTime: 30_000,
  });

/** Puts a like's reply into the cached post, so the count follows the server's list. */
export function applyLikes(queryClient: QueryClient, slug: string, likes: string[]): void {
  queryClient.setQueryData(postQueryOptions(slug).queryKey, (post) => (post ? { ...post, likes } : post));
  queryClient.setQueryData(postsQueryOptions().queryKey, (posts) =>
    posts?.map((post) => (post.slug === slug ? { ...post, likes } : post)),
  );
}

/** Adds a posted comment to the cached list (then the list is fetched again in the background). */
export function appendComment(queryClient: QueryClient, comment: CommentInfo): void {
  const { queryKey } = commentsQueryOptions(comment.postId);
  queryClient.setQueryData(queryKey, (comments) =>
    comments?.some((c) => c._id === comment._id) ? comments : [...(comments ?? []), comment],
  );
  void queryClient.invalidateQueries({ queryKey });
}
