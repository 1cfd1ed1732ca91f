import type { api, Reply } from '../../lib/api';

/** A post as the list has it, a whole post, and a comment: the API's route types. */
export type PostInfo = Reply<typeof api.api.posts.$get>[number];
export type PostDetail = Reply<(typeof api.api.posts)[':slug']['$get']>;
export type CommentInfo = Reply<(typeof api.api.posts)[':id']['comments']['$get']>[number];

/** 'Jane Doe', or the fallback ('Admin' for posts, 'User' for comments; doc 1 §2, doc 2 §3). */
export function personName(person: { firstName: string; lastName: string } | null, fallback: string): string {
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return name || fallback;
}
