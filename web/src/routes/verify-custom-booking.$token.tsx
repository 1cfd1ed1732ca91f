import { createFileRoute } from '@tanstack/react-router';
import { CustomBookingConfirmation } from '../features/custom-booking-confirmation/components/CustomBookingConfirmation';
import { linkHead, TokenPage } from '../lib/link-route';

// A link-token page: no login (doc 2 §2). The component is a lazy chunk of its own (auto code splitting).
export const Route = createFileRoute('/verify-custom-booking/$token')({
  head: linkHead('Confirm Your Booking'),
  component: () => <TokenPage page={CustomBookingConfirmation} />,
});
