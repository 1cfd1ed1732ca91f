import { createFileRoute } from '@tanstack/react-router';
import { VerificationFailed } from '../features/auth/components/VerificationFailed';
import { pageTitle } from '../lib/business';

/** /verify-email/ without a token: the error state (doc 1 §4). */
export const Route = createFileRoute('/verify-email/')({
  head: () => ({ meta: [{ title: pageTitle('Email Verification') }] }),
  component: () => <VerificationFailed message="Invalid verification link" />,
});
