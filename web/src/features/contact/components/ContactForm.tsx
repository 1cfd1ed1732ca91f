import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { type ContactMessage, sendContactMessage } from '../api';

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };

/**
 * The contact form (doc 2 §2, §5, §8): name, email, subject and message, all
 * required. Success: 'Your message has been sent successfully!' and the
 * fields clear; failure: the server msg, else 'An error occurred. Please try again.'.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(empty);
  const send = useMutation({ mutationFn: sendContactMessage, onSuccess: () => setValues(empty) });

  const bind = (name: keyof ContactMessage) => ({
    value: values[name],
    disabled: send.isPending,
    required: true,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    });
  };

  return (
    <form
      className="card contact-form"
      aria-labelledby="contact-form-heading"
      method="post"
      onSubmit={submit}
    >
      <h2 id="contact-form-heading">Send Us a Message</h2>
      <div className="form-row">
        <TextField label="Name" autoComplete="name" {...bind('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      </div>
      <TextField label="Subject" {...bind('subject')} />
      <TextAreaField label="Message" rows={6} {...bind('message')} />
      {send.isSuccess && <FormMessage tone="success">Your message has been sent successfully!</FormMessage>}
      {send.isError && (
        <FormMessage tone="error">
          {messageOf(send.error, 'An error occurred. Please try again.')}
        </FormMessage>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
