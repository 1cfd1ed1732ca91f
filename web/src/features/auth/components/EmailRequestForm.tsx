import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { bindFields } from '../../../lib/forms';
import { FailureMessage } from '../../../components/ui/FailureMessage';

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
  const form = useForm({ defaultValues: { email: initialEmail } });
  const email = useWatch({ control: form.control, name: 'email' });
  const request = useMutation({ mutationFn: send });
  const field = bindFields(form, { disabled: request.isPending });
  return (
    <form
      className="auth__form"
      aria-label={name}
      onSubmit={form.handleSubmit((values) => request.mutate(values.email.trim()))}
    >
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      {request.isSuccess && <FormMessage tone="success">{request.data.msg}</FormMessage>}
      <FailureMessage error={request.error} fallback={fallbackError} />
      <button type="submit" className="button button--primary" disabled={!email.trim() || request.isPending}>
        {request.isPending ? 'Sending...' : submitLabel}
      </button>
    </form>
  );
}
