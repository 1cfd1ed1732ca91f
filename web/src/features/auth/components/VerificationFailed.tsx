import { Link } from '@tanstack/react-router';
import { FormMessage } from '../../../components/ui/FormMessage';
import { AuthShell } from './AuthShell';
import { ResendVerification } from './ResendVerification';

/** The error state of the verification page: the message, a resend form and a link to Contact Support. */
export function VerificationFailed({ message }: { message: string }) {
  return (
    <AuthShell title="Email Verification">
      <FormMessage tone="error">{message}</FormMessage>
      <h2 className="auth__subheading">Need a new link?</h2>
      <p>Enter the email you registered with and we will send a fresh verification link.</p>
      <ResendVerification />
      <p className="auth__links">
        Still stuck? <Link to="/contact">Contact Support</Link>
      </p>
    </AuthShell>
  );
}
