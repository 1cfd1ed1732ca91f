import { createFileRoute } from '@tanstack/react-router';
import { AboutHero, AboutMain, AboutSidebar, AboutStats } from '../features/about/components/AboutContent';
import { featuredTestimonialsQueryOptions } from '../features/testimonials/api';
import { TestimonialCarousel } from '../features/testimonials/components/TestimonialCarousel';
import { pageTitle } from '../lib/business';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/about')({
  head: () =>
    pageHead({
      title: pageTitle('About Us'),
      description:
        'Who we are: certified technicians who bring the shop to your driveway in West Chester, PA, with honest prices and guaranteed work.',
      path: '/about',
    }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(featuredTestimonialsQueryOptions());
  },
  component: AboutPage,
});

function AboutPage() {
  return (
    <>
      <AboutHero />
      <div className="container">
        <AboutStats />
        <div className="about-layout">
          <AboutMain carousel={<TestimonialCarousel />} />
          <AboutSidebar />
        </div>
      </div>
    </>
  );
}
