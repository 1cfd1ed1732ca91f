import { useForm } from 'react-hook-form';
import { bindFields, messagesResolver } from '../../lib/forms';
import { type AnswerFields, useAnswerMutation, validateAnswer } from '../../lib/texts';
import { FailureMessage } from '../ui/FailureMessage';
import { SubmitButton } from '../ui/SubmitButton';
import { TextAreaField } from '../ui/TextAreaField';

/** The text back to the customer, at the number they texted from (issue 36). */
export function AnswerForm({ bookingId }: { bookingId: string }) {
  const form = useForm<AnswerFields>({
    defaultValues: { body: '' },
    resolver: messagesResolver(validateAnswer),
  });
  const answer = useAnswerMutation(bookingId);
  const field = bindFields(form, { disabled: answer.isPending, clearOnEdit: 'field' });
  return (
    <form
      className="text-answer"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        answer.mutate(values.body.trim(), { onSuccess: () => form.reset({ body: '' }) }),
      )}
    >
      <TextAreaField label="Text the customer" rows={2} {...field('body')} />
      <SubmitButton busy={answer.isPending} busyLabel="Sending...">
        Send text
      </SubmitButton>
      <FailureMessage error={answer.error} fallback="The text could not be sent. Please try again." />
    </form>
  );
}
