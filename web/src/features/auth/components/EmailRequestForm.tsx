import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';

type EmailRequestFormProps = {
  /** The form's accessible name. */
  name: string;
  /** Sends the request; the reply's msg is shown on success. */
  send: (email: string) => Promise<{ msg: string }>;
  submitLabel: string;
  /** Shown when the server gives no msg. */
  fallbackError: string;
  initialEmail?: string;
};

/**
 * A form that asks for an email and sends one request with it (resend
 * verification, forgot password): the button is disabled while the field is
 * empty and reads 'Sending...' while busy (doc 1 §4, §5).
 */
export function EmailRequestForm({
  name,
  send,
  submitLabel,
  fallbackError,
  initialEmail = '',
}: EmailRequestFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const request = useMutation({ mutationFn: send });
  return (
    <form
      className="auth__form"
      aria-label={name}
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
      {request.isError && <FormMessage tone="error">{messageOf(request.error, fallbackError)}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={!email.trim() || request.isPending}>
        {request.isPending ? 'Sending...' : submitLabel}
      </button>
    </form>
  );
}
