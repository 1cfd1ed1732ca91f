import { defaultServiceFilter } from '@app/core/service/filter';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { LocalBusinessJsonLd } from '../components/seo/LocalBusinessJsonLd';
import { WhenNear } from '../components/ui/WhenNear';
import { useAuth } from '../lib/auth/store';
import { ServicesSection } from '../features/services/components/ServicesSection';
import { testimonialsQueryOptions } from '../features/testimonials/api';
import { AdminTimeSlotPanel } from '../features/time-slot-overview/components/AdminTimeSlotPanel';
import { BookingChecklist } from '../features/home/components/BookingChecklist';
import { FeatureCards } from '../features/home/components/FeatureCards';
import { Hero } from '../features/home/components/Hero';
import { StatsCounters } from '../features/home/components/StatsCounters';

// The help form is far down the page: its code loads when the visitor gets near it.
const HelpForm = lazy(() =>
  import('../features/home/components/HelpForm').then((module) => ({ default: module.HelpForm })),
);

/** The home page (doc 1 §2): the `/` route's component, and what home/start.tsx hydrates (decision 048). */
export function HomePage() {
  const { user } = useAuth();
  // The home page's copy of the list keeps its filter to itself; /services keeps it in the address.
  const [filter, setFilter] = useState(defaultServiceFilter);
  // The reviews' rating summary for the structured data (decision 044).
  const { data: testimonials } = useQuery(testimonialsQueryOptions());
  return (
    <>
      {/*
       * The services come right after the hero (decision 046): the spec lists the home's sections
       * but fixes no order beyond the hero first, and a phone visitor came for the services and
       * prices. The reasons, the counters, the checklist and the help form follow.
       */}
      <LocalBusinessJsonLd ratings={testimonials?.map((testimonial) => testimonial.rating)} />
      <Hero />
      <ServicesSection
        headingLevel={2}
        filter={filter}
        onApply={setFilter}
        adminPanel={<AdminTimeSlotPanel headingLevel={3} />}
      />
      <FeatureCards />
      <StatsCounters />
      <BookingChecklist user={user} />
      <WhenNear id="help-form" className="help-form-slot">
        <HelpForm />
      </WhenNear>
    </>
  );
}
