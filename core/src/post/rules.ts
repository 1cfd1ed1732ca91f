/** Limits of blog comments, shared by the comment form and the server. Pure. */
export const COMMENT_MAX_LENGTH = 2000;
