/**
 * Blog posts (doc 1 §3, doc 2 §3): markdown content, a unique slug held by a
 * guard item, and likes as a set of user ids. Comments: ./comment.ts.
 *
 * The namespace's members live in one file per job (namespace.ts lists them).
 */
export * as Post from './namespace';
