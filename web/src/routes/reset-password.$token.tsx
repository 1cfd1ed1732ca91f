import { PASSWORD_MIN_LENGTH, passwordMessages } from '@app/core/user/rules';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FormMessage } from '../components/ui/FormMessage';
import { TextField } from '../components/ui/TextField';
import { resetPassword } from '../features/auth/api';
import { AuthShell } from '../features/auth/components/AuthShell';
import { messageOf } from '../lib/api';
import { pageTitle } from '../lib/business';

export const Route = createFileRoute('/reset-password/$token')({
  head: () => ({ meta: [{ title: pageTitle('Reset Password') }] }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string>();
  const reset = useMutation({ mutationFn: (next: string) => resetPassword(token, next) });

  if (reset.isSuccess) {
    return (
      <AuthShell title="Password Reset">
        <FormMessage tone="success">{reset.data.msg}</FormMessage>
        <p className="auth__actions">
          <Link to="/login" className="button button--primary">
            Sign In Now
          </Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Choose a New Password">
      <form
        className="auth__form"
        aria-label="Reset Password"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (password.length < PASSWORD_MIN_LENGTH) return setProblem(passwordMessages.tooShort);
          if (password !== confirm) return setProblem(passwordMessages.mismatch);
          setProblem(undefined);
          reset.mutate(password);
        }}
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          disabled={reset.isPending}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          disabled={reset.isPending}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        {reset.isError && !problem && (
          <FormMessage tone="error">
            {messageOf(reset.error, 'An error occurred. Please try again.')}
          </FormMessage>
        )}
        <button type="submit" className="button button--primary button--block" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set New Password'}
        </button>
        <p className="auth__links">
          <Link to="/forgot-password">Request a new link</Link>
        </p>
      </form>
    </AuthShell>
  );
}
