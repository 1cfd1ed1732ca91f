import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { verifyEmailQueryOptions } from '../features/auth/api';
import { AuthShell } from '../features/auth/components/AuthShell';
import { VerificationFailed } from '../features/auth/components/VerificationFailed';
import { FormMessage } from '../components/ui/FormMessage';
import { messageOf } from '../lib/api';
import { rememberedReturn } from '../lib/auth/return-to';
import { pageTitle } from '../lib/business';

/** The remembered page changes only by this browser's own registration: nothing to subscribe to. */
const noChanges = () => () => {};

export const Route = createFileRoute('/verify-email/$token')({
  head: () => ({ meta: [{ title: pageTitle('Email Verification') }] }),
  component: VerifyEmailPage,
});

/** Verifying, then success or error (doc 1 §2, §4). */
function VerifyEmailPage() {
  const { token } = Route.useParams();
  const verification = useQuery(verifyEmailQueryOptions(token));
  // Registered from a booking page: signing in goes back there (issue 30). Read after hydration.
  const back = useSyncExternalStore(
    noChanges,
    () => rememberedReturn(),
    () => undefined,
  );

  if (verification.isPending) {
    return (
      <AuthShell title="Email Verification">
        <p className="status-text" role="status">
          Verifying your email...
        </p>
      </AuthShell>
    );
  }
  if (verification.isError) {
    return <VerificationFailed message={messageOf(verification.error, 'Email verification failed')} />;
  }
  return (
    <AuthShell title="Email Verified">
      <FormMessage tone="success">{verification.data.msg}</FormMessage>
      <p className="auth__actions">
        <Link to="/login" search={back ? { redirect: back } : {}} className="button button--primary">
          Sign In Now
        </Link>
        <Link to="/services" className="button button--secondary">
          Explore Services
        </Link>
      </p>
    </AuthShell>
  );
}
