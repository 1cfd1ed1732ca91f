import { queryOptions } from '@tanstack/react-query';
import { api, type Reply, unwrap, withForm } from '../../lib/api';

/** A testimonial as GET /api/testimonials lists it. */
export type TestimonialInfo = Reply<typeof api.api.testimonials.$get>[number];

/**
 * The public pages cache testimonials under keys that start with
 * 'testimonials' (the list, the featured ones): every write here refreshes
 * all of them, so the admin sees the change on /testimonials and /about at once.
 */
export const TESTIMONIALS_KEY = ['testimonials'] as const;

export const adminTestimonialsQueryOptions = () =>
  queryOptions({
    queryKey: [...TESTIMONIALS_KEY, 'admin'],
    queryFn: () => unwrap(api.api.testimonials.$get({ query: {} })),
  });

export type NewTestimonial = {
  serviceId: string;
  quote: string;
  rating: number;
  authorName: string;
  profileImage?: File;
};

/** POST /api/testimonials as multipart (doc 2 §7); the admin needs no booking (decision 037). */
export function addTestimonial(input: NewTestimonial): Promise<TestimonialInfo> {
  const form = new FormData();
  form.set('serviceId', input.serviceId);
  form.set('quote', input.quote);
  form.set('rating', String(input.rating));
  if (input.authorName) form.set('authorName', input.authorName);
  if (input.profileImage) form.set('profileImage', input.profileImage, input.profileImage.name);
  return unwrap(api.api.testimonials.$post({}, withForm(form)));
}

export function updateAuthor(input: { id: string; authorName: string }): Promise<TestimonialInfo> {
  return unwrap(
    api.api.testimonials[':id'].author.$put({
      param: { id: input.id },
      json: { authorName: input.authorName },
    }),
  );
}

export function setFeatured(input: { id: string; featured: boolean }): Promise<TestimonialInfo> {
  return unwrap(
    api.api.testimonials[':id'].featured.$put({
      param: { id: input.id },
      json: { featured: input.featured },
    }),
  );
}

export function deleteTestimonial(id: string): Promise<{ msg: string }> {
  return unwrap(api.api.testimonials[':id'].$delete({ param: { id } }));
}
