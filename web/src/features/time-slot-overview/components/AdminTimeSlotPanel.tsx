import { lazy, Suspense } from 'react';
import type { HeadingLevel } from '../../../components/ui/Heading';
import { useAuth } from '../../../lib/auth/store';

// The panel and its fetcher are a chunk of their own: only an admin's browser loads it.
const TimeSlotOverview = lazy(() => import('./TimeSlotOverview'));

/** The services list's time-slot overview (doc 1 §2, §6): shown to role admin only, nothing for anyone else. */
export function AdminTimeSlotPanel({ headingLevel }: { headingLevel: HeadingLevel }) {
  const { user } = useAuth();
  if (user?.role !== 'admin') return null;
  return (
    <Suspense fallback={null}>
      <TimeSlotOverview headingLevel={headingLevel} />
    </Suspense>
  );
}
