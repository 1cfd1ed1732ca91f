/**
 * The admin page's section ids, for its `validateSearch` (issue 22). Apart from the sections' own module
 * (./-sections.tsx, typed by these ids) so the route tree, which every page loads, holds only this list and
 * none of the admin's code (decision 079: /tech loads no admin code; `npm run bench -- tech` checks).
 */
export const sectionIds = [
  'today',
  'board',
  'bookings',
  'timeslots',
  'services',
  'plans',
  'work-orders',
  'recommended',
  'revenue',
  'technicians',
  'testimonials',
  'blog',
] as const;

export type SectionId = (typeof sectionIds)[number];

export const isSectionId = (value: unknown): value is SectionId =>
  typeof value === 'string' && (sectionIds as readonly string[]).includes(value);
