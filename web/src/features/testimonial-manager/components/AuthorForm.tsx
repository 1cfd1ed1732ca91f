import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/TextField';
import { bindFields, messagesResolver } from '../../../lib/forms';
import { type TestimonialInfo, updateAuthor } from '../api';
import { AUTHOR_MAX, type AuthorFields, managerMessages, validateAuthor } from '../validate';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { ActionButton } from '../../../components/ui/ActionButton';

/** Edit an author's name in place; `onDone` gets the success text, or nothing when cancelled. */
export function AuthorForm({
  testimonial,
  onDone,
}: {
  testimonial: TestimonialInfo;
  onDone: (text?: string) => Promise<void>;
}) {
  const form = useForm<AuthorFields>({
    defaultValues: { authorName: testimonial.authorName ?? '' },
    resolver: messagesResolver(validateAuthor),
    // The message changes on the next Save, and the focus stays where it is.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  // The field the admin asked to edit takes the focus.
  useEffect(() => form.setFocus('authorName'), [form]);
  const save = useMutation({
    mutationFn: updateAuthor,
    onSuccess: () => onDone(managerMessages.authorUpdated),
  });
  return (
    <form
      className="testimonial-manager__author"
      noValidate
      onSubmit={form.handleSubmit(({ authorName }) =>
        save.mutate({ id: testimonial._id, authorName: authorName.trim() }),
      )}
    >
      <TextField
        label="Author name"
        maxLength={AUTHOR_MAX}
        autoComplete="off"
        {...bindFields(form, { disabled: save.isPending })('authorName')}
      />
      <FailureMessage error={save.error} fallback={managerMessages.authorFailed} />
      <div className="testimonial-manager__actions">
        <SubmitButton busy={save.isPending} busyLabel="Saving...">
          Save author
        </SubmitButton>
        <ActionButton disabled={save.isPending} onClick={() => void onDone()}>
          Cancel
        </ActionButton>
      </div>
    </form>
  );
}
