import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, trimmed } from '../../../lib/forms';
import { type ContactMessage, sendContactMessage } from '../api';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form (doc 2 §2, §5, §8): name, email, subject and message, all
 * required. Success: 'Your message has been sent successfully!' and the
 * fields clear; failure: the server msg, else 'An error occurred. Please try again.'.
 */
export function ContactForm() {
  const form = useForm<ContactMessage>({ defaultValues: empty });
  const send = useMutation({ mutationFn: sendContactMessage, onSuccess: () => form.reset(empty) });
  const field = bindFields(form, { disabled: send.isPending });

  return (
    <form
      className="card contact-form"
      aria-labelledby="contact-form-heading"
      method="post"
      onSubmit={form.handleSubmit((values) => send.mutate(trimmed(values)))}
    >
      <h2 id="contact-form-heading">Send Us a Message</h2>
      <div className="form-row">
        <TextField label="Name" autoComplete="name" required {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" required {...field('email')} />
      </div>
      <TextField label="Subject" required {...field('subject')} />
      <TextAreaField label="Message" rows={6} required {...field('message')} />
      {send.isSuccess && <FormMessage tone="success">Your message has been sent successfully!</FormMessage>}
      <FailureMessage error={send.error} fallback="An error occurred. Please try again." />
      <SubmitButton busy={send.isPending} busyLabel="Sending...">
        Send Message
      </SubmitButton>
    </form>
  );
}
