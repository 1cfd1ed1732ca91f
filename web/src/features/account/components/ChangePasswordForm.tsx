import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/store';
import { changePassword } from '../api';

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (doc 2 §2, §5, §8): all three required; a mismatch shows
 * 'New passwords do not match.'; errors show the server msg or 'An error
 * occurred.'. The server ends every other session and sends this one a new token.
 */
export function ChangePasswordForm() {
  const { user, signIn } = useAuth();
  const [values, setValues] = useState(empty);
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ token }) => {
      if (user) signIn(token, user);
      setValues(empty);
    },
  });

  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      value={values[name]}
      disabled={change.isPending}
      onChange={(event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        setMismatch(false);
      }}
    />
  );

  return (
    <form
      className="card account-form"
      aria-labelledby="change-password-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (values.newPassword !== values.confirmPassword) return setMismatch(true);
        change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      }}
    >
      <h2 id="change-password-title">Change Password</h2>
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      {mismatch && <FormMessage tone="error">New passwords do not match.</FormMessage>}
      {!mismatch && change.isError && (
        <FormMessage tone="error">{messageOf(change.error, 'An error occurred.')}</FormMessage>
      )}
      {change.isSuccess && <FormMessage tone="success">{change.data.msg}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? 'Updating...' : 'Update Password'}
      </button>
    </form>
  );
}
