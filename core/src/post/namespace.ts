/**
 * What `Post` offers the rest of the app (index.ts names it). Each job lives
 * in its own file: the stored post and its views (store.ts), the admin's input
 * (input.ts), slug candidates and claims (slugs.ts), publishing (publish.ts),
 * editing and deleting (edit.ts), reading (read.ts) and likes (likes.ts).
 */
export { edit, remove } from './edit';
export { CreateInput, FormInput } from './input';
export { like } from './likes';
export { create, publish } from './publish';
export { DEFAULT_PAGE, forSitemap, fromId, fromSlug, list, SITEMAP_MAX_POSTS } from './read';
export {
  CHANGED_MEANWHILE,
  CONTENT_MAX,
  Detail,
  entity,
  find,
  id,
  Info,
  type Likes,
  LIKES_OFF,
  NOT_FOUND,
  Person,
  slug,
  SLUG_TAKEN,
} from './store';
