import type { Comment } from '@app/core/post/comment';
import type { Post } from '@app/core/post/index';

/** Type-only imports: no zod reaches the browser. */
export type PostInfo = Post.Info;
export type PostDetail = Post.Detail;
export type CommentInfo = Comment.Info;

/** 'Jane Doe', or the fallback ('Admin' for posts, 'User' for comments; doc 1 §2, doc 2 §3). */
export function personName(person: { firstName: string; lastName: string } | null, fallback: string): string {
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return name || fallback;
}
