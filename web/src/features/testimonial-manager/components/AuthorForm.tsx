import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { type TestimonialInfo, updateAuthor } from '../api';
import { AUTHOR_MAX, authorProblem, managerMessages } from '../validate';

/** Edit an author's name in place; `onDone` gets the success text, or nothing when cancelled. */
export function AuthorForm({
  testimonial,
  onDone,
}: {
  testimonial: TestimonialInfo;
  onDone: (text?: string) => Promise<void>;
}) {
  const [name, setName] = useState(testimonial.authorName ?? '');
  // The field the admin asked to edit takes the focus.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: updateAuthor,
    onSuccess: () => onDone(managerMessages.authorUpdated),
  });
  return (
    <form
      className="testimonial-manager__author"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = authorProblem(name);
        setProblem(found);
        if (!found) save.mutate({ id: testimonial._id, authorName: name.trim() });
      }}
    >
      <TextField
        label="Author name"
        value={name}
        maxLength={AUTHOR_MAX}
        autoComplete="off"
        ref={field}
        error={problem}
        disabled={save.isPending}
        onChange={(event) => setName(event.target.value)}
      />
      {save.isError && (
        <FormMessage tone="error">{messageOf(save.error, managerMessages.authorFailed)}</FormMessage>
      )}
      <div className="testimonial-manager__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save author'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={save.isPending}
          onClick={() => void onDone()}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
