import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { resendVerification } from '../api';

/** The resend form: email required, the button disabled while it is empty, 'Sending...' while busy (doc 1 §4, §5). */
export function ResendVerification({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const resend = useMutation({ mutationFn: resendVerification });
  return (
    <form
      className="auth__form"
      aria-label="Resend verification email"
      onSubmit={(event) => {
        event.preventDefault();
        resend.mutate(email.trim());
      }}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className="button button--secondary" disabled={!email.trim() || resend.isPending}>
        {resend.isPending ? 'Sending...' : 'Resend verification email'}
      </button>
      {resend.isSuccess && <FormMessage tone="success">{resend.data.msg}</FormMessage>}
      {resend.isError && (
        <FormMessage tone="error">
          {messageOf(resend.error, 'Failed to resend verification email')}
        </FormMessage>
      )}
    </form>
  );
}
