import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../lib/auth/store';
import { googleReviewsQueryOptions } from '../features/google-reviews/api';
import { GoogleReviews } from '../features/google-reviews/components/GoogleReviews';
import { testimonialPagesQueryOptions } from '../features/testimonials/api';
import { TestimonialList } from '../features/testimonials/components/TestimonialList';
import { pageTitle } from '../lib/business';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/testimonials')({
  head: () =>
    pageHead({
      title: pageTitle('Testimonials & Reviews'),
      description:
        'What drivers in West Chester, PA say about our mobile car repair and detailing: customer testimonials and Google reviews.',
      path: '/testimonials',
    }),
  // Both lists start loading at once; the page shows their loading texts meanwhile.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(testimonialPagesQueryOptions());
    void context.queryClient.prefetchQuery(googleReviewsQueryOptions());
  },
  component: TestimonialsPage,
});

function TestimonialsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });

  return (
    <div className="page container">
      <header className="section-header">
        <h1>What Our Customers Say</h1>
        <p>
          Real words from drivers across West Chester and the surrounding area. Found a review helpful? Let us
          know with a like.
        </p>
      </header>
      <TestimonialList
        viewerId={user?._id ?? null}
        onLoginNeeded={() => void navigate({ to: '/login', search: { redirect: href } })}
      />
      <GoogleReviews />
    </div>
  );
}
