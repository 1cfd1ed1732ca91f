import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../components/ui/FormMessage';
import { TextField } from '../components/ui/TextField';
import { resetPassword } from '../features/auth/api';
import { AuthShell } from '../features/auth/components/AuthShell';
import { type NewPasswordFields, validateNewPassword } from '../features/auth/validate';
import { messageOf } from '../lib/api';
import { pageTitle } from '../lib/business';
import { bindFields, messagesResolver } from '../lib/forms';
import { SubmitButton } from '../components/ui/SubmitButton';

export const Route = createFileRoute('/reset-password/$token')({
  head: () => ({ meta: [{ title: pageTitle('Reset Password') }] }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  // One message for the form (not per field), until the next attempt (doc 1 §5).
  const form = useForm<NewPasswordFields>({
    defaultValues: { password: '', confirm: '' },
    resolver: messagesResolver(validateNewPassword),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const problem = form.formState.errors.password?.message ?? form.formState.errors.confirm?.message;
  const reset = useMutation({ mutationFn: (next: string) => resetPassword(token, next) });
  const field = bindFields(form, { disabled: reset.isPending, messages: 'form' });

  if (reset.isSuccess) {
    return (
      // An invitation's link (an account the shop made, issue 30) ends in a welcome, not a reset.
      <AuthShell title={'welcome' in reset.data && reset.data.welcome ? 'Welcome' : 'Password Reset'}>
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
        onSubmit={form.handleSubmit(({ password }) => reset.mutate(password))}
      >
        <TextField label="New password" type="password" autoComplete="new-password" {...field('password')} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...field('confirm')}
        />
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        {reset.isError && !problem && (
          <FormMessage tone="error">
            {messageOf(reset.error, 'An error occurred. Please try again.')}
          </FormMessage>
        )}
        <SubmitButton block busy={reset.isPending} busyLabel="Saving...">
          Set New Password
        </SubmitButton>
        <p className="auth__links">
          <Link to="/forgot-password">Request a new link</Link>
        </p>
      </form>
    </AuthShell>
  );
}
