import { createFileRoute, redirect } from '@tanstack/react-router';

/**
 * The home checklist's 'Book Now' goes to /booking (doc 1 §2), but booking a
 * service starts from a service (/book/{serviceId}). /booking therefore sends
 * the visitor on to the services list, replacing itself in the history so
 * Back returns to where they were (docs/decisions/013-booking-route.md).
 */
export const Route = createFileRoute('/booking')({
  beforeLoad: () => {
    throw redirect({ to: '/services', replace: true });
  },
});
