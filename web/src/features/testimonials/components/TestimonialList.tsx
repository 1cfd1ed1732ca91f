import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { applyVotes, testimonialPagesQueryOptions, voteOnTestimonial } from '../api';
import type { VoteType } from '../types';
import { TestimonialCard } from './TestimonialCard';
import '../testimonials.css';
import { ShowMore } from '../../../components/ui/ShowMore';

type TestimonialListProps = {
  /** The signed-in user's id, or null for a visitor. */
  viewerId: string | null;
  /** A visitor tried to vote: the page sends them to log in (doc 1 §6). */
  onLoginNeeded: () => void;
};

/**
 * The testimonial grid (doc 1 §2) with its loading, empty and error texts
 * (doc 1 §8), a page at a time: 'Show more testimonials' follows the
 * server's cursor. Votes update the counts from the server's lists; a failed
 * vote is only logged.
 */
export function TestimonialList({ viewerId, onLoginNeeded }: TestimonialListProps) {
  const queryClient = useQueryClient();
  const { data, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    testimonialPagesQueryOptions(),
  );
  const testimonials = data?.pages.flatMap((page) => page.items);
  const vote = useMutation({
    mutationFn: voteOnTestimonial,
    onSuccess: (votes, { id }) => applyVotes(queryClient, id, votes),
    // Doc 1 §8: voting failures are logged only, nothing is shown.
    onError: (error) => console.warn('Could not record the vote:', error),
  });

  if (!testimonials) {
    return isPending ? (
      <p className="status-text" role="status">
        Loading testimonials...
      </p>
    ) : (
      <p className="status-text status-text--error" role="alert">
        Could not fetch testimonials at this time.
      </p>
    );
  }
  if (testimonials.length === 0) {
    return <p className="status-text">No testimonials yet. Be the first to leave a review!</p>;
  }

  const onVote = (id: string, voteType: VoteType) => {
    if (!viewerId) return onLoginNeeded();
    vote.mutate({ id, voteType });
  };

  return (
    <>
      <ul className="testimonial-grid">
        {testimonials.map((testimonial) => (
          <li key={testimonial._id}>
            <TestimonialCard
              testimonial={testimonial}
              viewerId={viewerId}
              voting={vote.isPending && vote.variables?.id === testimonial._id}
              onVote={(voteType) => onVote(testimonial._id, voteType)}
            />
          </li>
        ))}
      </ul>
      <ShowMore
        pages={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
        label="Show more testimonials"
        className="testimonial-more"
      />
    </>
  );
}
