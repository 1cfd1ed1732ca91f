import { createFileRoute, Link } from '@tanstack/react-router';
import { forgotPassword } from '../features/auth/api';
import { AuthShell } from '../features/auth/components/AuthShell';
import { EmailRequestForm } from '../features/auth/components/EmailRequestForm';
import { pageTitle } from '../lib/business';

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: pageTitle('Forgot Password') }] }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  return (
    <AuthShell
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a link to choose a new password. The link works for one hour."
    >
      <EmailRequestForm
        name="Forgot Password"
        send={forgotPassword}
        submitLabel="Send Reset Link"
        fallbackError="An error occurred. Please try again."
      />
      <p className="auth__links">
        <Link to="/login">Back to login</Link>
      </p>
    </AuthShell>
  );
}
