import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { TestimonialInfo, Votes, VoteType } from './types';

export async function fetchTestimonials(): Promise<TestimonialInfo[]> {
  return unwrap(api.api.testimonials.$get({ query: {} }));
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

export const featuredTestimonialsQueryOptions = () =>
  queryOptions({
    queryKey: ['testimonials', 'featured'],
    queryFn: fetchFeaturedTestimonials,
    staleTime: 60_000,
  });

/** Puts a vote's reply into the cached list, so the counts follow the server's lists. */
export function applyVotes(queryClient: QueryClient, id: string, votes: Votes): void {
  queryClient.setQueryData(testimonialsQueryOptions().queryKey, (list) =>
    list?.map((item) => (item._id === id ? { ...item, likes: votes.likes, dislikes: votes.dislikes } : item)),
  );
}
