import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormMessage } from '../components/ui/FormMessage';
import { TextField } from '../components/ui/TextField';
import { forgotPassword } from '../features/auth/api';
import { AuthShell } from '../features/auth/components/AuthShell';
import { messageOf } from '../lib/api';
import { pageTitle } from '../lib/business';

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: pageTitle('Forgot Password') }] }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: forgotPassword });
  return (
    <AuthShell
      title="Forgot Password"
      intro="Enter the email of your account and we will send you a link to choose a new password. The link works for one hour."
    >
      <form
        className="auth__form"
        aria-label="Forgot Password"
        onSubmit={(event) => {
          event.preventDefault();
          request.mutate(email.trim());
        }}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          disabled={request.isPending}
          onChange={(event) => setEmail(event.target.value)}
        />
        {request.isSuccess && <FormMessage tone="success">{request.data.msg}</FormMessage>}
        {request.isError && (
          <FormMessage tone="error">
            {messageOf(request.error, 'An error occurred. Please try again.')}
          </FormMessage>
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={!email.trim() || request.isPending}
        >
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
        <p className="auth__links">
          <Link to="/login">Back to login</Link>
        </p>
      </form>
    </AuthShell>
  );
}
