import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { TestimonialInfo, Votes, VoteType } from './types';

export async function fetchTestimonials(): Promise<TestimonialInfo[]> {
  return unwrap(api.api.testimonials.$get({ query: {} }));
}

/** The testimonials page's page size: 'Show more testimonials' asks for the next (decision 061). */
export const TESTIMONIAL_PAGE = 12;

export type TestimonialPage = { items: TestimonialInfo[]; cursor: string | null };

/** One page of the testimonials, newest first, and the next page's cursor from X-Next-Cursor (decision 049). */
export async function fetchTestimonialPage(cursor: string | null): Promise<TestimonialPage> {
  let next: string | null = null;
  const items = await unwrap(
    api.api.testimonials
      .$get({ query: { limit: String(TESTIMONIAL_PAGE), ...(cursor ? { cursor } : {}) } })
      .then((response) => {
        next = response.headers.get('X-Next-Cursor');
        return response;
      }),
  );
  return { items, cursor: next as string | null };
}

export async function fetchFeaturedTestimonials(): Promise<TestimonialInfo[]> {
  return unwrap(api.api.testimonials.featured.$get());
}

/** One vote per user: the same vote again withdraws it; the reply carries both lists. Sends the token. */
export async function voteOnTestimonial(input: { id: string; voteType: VoteType }): Promise<Votes> {
  return unwrap(
    api.api.testimonials[':id'].vote.$put({ param: { id: input.id }, json: { voteType: input.voteType } }),
  );
}

export const testimonialsQueryOptions = () =>
  queryOptions({ queryKey: ['testimonials'], queryFn: fetchTestimonials, staleTime: 30_000 });

/** The testimonials page's list, a page at a time. */
export const testimonialPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['testimonials', 'pages'],
    queryFn: ({ pageParam }) => fetchTestimonialPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    staleTime: 30_000,
  });

export const featuredTestimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', 'featured'],
    queryFn: fetchFeaturedTestimonials,
    staleTime: 60_000,
  });

/** Puts a vote's reply into the cached lists, so the counts follow the server's lists. */
export function applyVotes(queryClient: QueryClient, id: string, votes: Votes): void {
  const apply = (list: TestimonialInfo[]) =>
    list.map((item) => (item._id === id ? { ...item, likes: votes.likes, dislikes: votes.dislikes } : item));
  queryClient.setQueryData(testimonialsQueryOptions().queryKey, (list) => list && apply(list));
  queryClient.setQueryData(
    testimonialPagesQueryOptions().queryKey,
    (pages: InfiniteData<TestimonialPage> | undefined) =>
      pages && { ...pages, pages: pages.pages.map((page) => ({ ...page, items: apply(page.items) })) },
  );
}
