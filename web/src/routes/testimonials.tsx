import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useAuth } from '../lib/auth/store';
import { googleReviewsQueryOptions } from '../features/google-reviews/api';
import { GoogleReviews } from '../features/google-reviews/components/GoogleReviews';
import { testimonialPagesQueryOptions } from '../features/testimonials/api';
import { TestimonialList } from '../features/testimonials/components/TestimonialList';
import { publicPage } from '../lib/public-page';
import { PageShell } from '../components/layout/PageShell';

export const Route = createFileRoute('/testimonials')({
  // Both lists start loading at once; the page shows their loading texts meanwhile.
  ...publicPage('/testimonials', (client) =>
    Promise.all([
      client.prefetchInfiniteQuery(testimonialPagesQueryOptions()),
      client.prefetchQuery(googleReviewsQueryOptions()),
    ]),
  ),
  component: TestimonialsPage,
});

function TestimonialsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });

  return (
    <PageShell
      title="What Our Customers Say"
      intro={
        'Real words from drivers across West Chester and the surrounding area. Found a review helpful? Let us know with a like.'
      }
    >
      <TestimonialList
        viewerId={user?._id ?? null}
        onLoginNeeded={() => void navigate({ to: '/login', search: { redirect: href } })}
      />
      <GoogleReviews />
    </PageShell>
  );
}
