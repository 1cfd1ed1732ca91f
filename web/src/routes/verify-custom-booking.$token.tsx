import { createFileRoute } from '@tanstack/react-router';
import { CustomBookingConfirmation } from '../features/custom-booking-confirmation/components/CustomBookingConfirmation';
import { pageTitle } from '../lib/business';

// A link-token page: no login (doc 2 §2). The component is a lazy chunk of its own (auto code splitting).
export const Route = createFileRoute('/verify-custom-booking/$token')({
  head: () => ({ meta: [{ title: pageTitle('Confirm Your Booking') }] }),
  component: VerifyCustomBookingPage,
});

function VerifyCustomBookingPage() {
  const { token } = Route.useParams();
  return <CustomBookingConfirmation key={token} token={token} />;
}
