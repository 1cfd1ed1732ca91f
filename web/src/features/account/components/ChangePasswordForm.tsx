import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/store';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { changePassword } from '../api';
import { type ChangePasswordFields, changePasswordMessages, validateChangePassword } from '../validate';
import { SubmitButton } from '../../../components/ui/SubmitButton';

const empty: ChangePasswordFields = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (doc 2 §2, §5, §8): all three required; a mismatch shows
 * 'New passwords do not match.' until a field is edited; errors show the server
 * msg or 'An error occurred.'. The server ends every other session and sends
 * this one a new token.
 */
export function ChangePasswordForm() {
  const { user, signIn } = useAuth();
  const form = useForm<ChangePasswordFields>({
    defaultValues: empty,
    resolver: messagesResolver(validateChangePassword),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const mismatch = !!form.formState.errors.confirmPassword;
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => {
      if (user) signIn(token, user);
      form.reset(empty);
    },
  });

  // The mismatch is the form's one message, and goes as soon as any field is edited.
  const bind = bindFields(form, { disabled: change.isPending, clearOnEdit: 'form', messages: 'form' });
  const field = (name: keyof ChangePasswordFields, label: string, autoComplete: string) => (
    <TextField label={label} type="password" autoComplete={autoComplete} required {...bind(name)} />
  );

  return (
    <form
      className="card account-form"
      aria-labelledby="change-password-title"
      onSubmit={form.handleSubmit((values) =>
        change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
      )}
    >
      <h2 id="change-password-title">Change Password</h2>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      {mismatch && <FormMessage tone="error">{changePasswordMessages.mismatch}</FormMessage>}
      {!mismatch && change.isError && (
        <FormMessage tone="error">{messageOf(change.error, 'An error occurred.')}</FormMessage>
      )}
      {change.isSuccess && <FormMessage tone="success">{change.data.msg}</FormMessage>}
      <SubmitButton busy={change.isPending} busyLabel="Updating...">
        Update Password
      </SubmitButton>
    </form>
  );
}
