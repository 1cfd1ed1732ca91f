import { createFileRoute } from '@tanstack/react-router';
import { AboutHero, AboutMain, AboutSidebar, AboutStats } from '../features/about/components/AboutContent';
import { featuredTestimonialsQueryOptions } from '../features/testimonials/api';
import { TestimonialCarousel } from '../features/testimonials/components/TestimonialCarousel';
import { publicPage } from '../lib/public-page';

export const Route = createFileRoute('/about')({
  ...publicPage('/about', (client) => client.prefetchQuery(featuredTestimonialsQueryOptions())),
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
