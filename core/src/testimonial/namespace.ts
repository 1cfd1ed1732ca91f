/**
 * What `Testimonial` offers the rest of the app (index.ts names it). Each job
 * lives in its own file: what a testimonial is (model.ts), what the verbs take
 * (input.ts), storage and the reply's view (store.ts), new testimonials
 * (add.ts), the admin's changes (admin.ts), reading (read.ts), voting
 * (vote.ts) and the migration of older items (migrate.ts).
 */
export {
  Comment,
  DEFAULT_PAGE,
  FEATURED_LIMIT,
  id,
  IMAGE_NOT_ALLOWED,
  IMAGE_TOO_LARGE,
  Info,
  MAX_IMAGE_BYTES,
  NOT_FOUND,
  Person,
  type Votes,
} from './model';
export { AuthorInput, CreateInput, SubmitInput, VoteInput } from './input';
export { create, submit } from './add';
export { remove, setAuthor, setFeatured } from './admin';
export { featured, fromId, list } from './read';
export { migrationSteps } from './migrate';
export { vote } from './vote';
