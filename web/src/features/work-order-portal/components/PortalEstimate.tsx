import { useMutation } from '@tanstack/react-query';
import { type ComponentType, type FormEvent, type Ref, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EstimateAnswer } from '../../../components/estimate/EstimateAnswer';
import { EstimateChoices } from '../../../components/estimate/EstimateChoices';
import { decisionsOf } from '../../../components/estimate/choices';
import { ActionButton } from '../../../components/ui/ActionButton';
import { CodeField } from '../../../components/ui/CodeField';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { FormMessage } from '../../../components/ui/FormMessage';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { TextField } from '../../../components/ui/TextField';
import { firstMessage, messagesResolver } from '../../../lib/forms';
import {
  answerPortalEstimate,
  portalEstimateMessages,
  type PortalEstimateView,
  portalPhotoUrl,
  requestPortalCode,
} from '../portal';
import { type PortalAnswerFields, validatePortalAnswer } from '../validate';

export type PadHandle = { isEmpty: () => boolean; toPng: () => string; clear: () => void };
/** The acknowledgment page's signature pad, which the route hands in (a feature never imports another). */
export type SignaturePadComponent = ComponentType<{ ref: Ref<PadHandle>; onChange: () => void }>;

const fields = ['choices', 'termsAccepted', 'name', 'code', 'signed'] as const;

/**
 * The estimate in the portal (issue 33, decision 127): each line with its photos and price, the
 * answers read-only until the customer asks for a code by mail; then they answer with the link
 * page's own component, accept the terms, type the code and sign last. The server checks it all.
 */
export function PortalEstimate({
  view,
  number,
  email,
  SignaturePad,
}: {
  view: PortalEstimateView;
  number: string;
  email: string;
  SignaturePad: SignaturePadComponent;
}) {
  const id = useId();
  const pad = useRef<PadHandle>(null);
  const lines = view.estimate.lines;
  const open = lines.some((l) => l.state === 'proposed');
  const form = useForm<PortalAnswerFields>({
    defaultValues: { code: '', name: view.customer.name, choices: {}, termsAccepted: false, signed: false },
    resolver: messagesResolver((values: PortalAnswerFields) => validatePortalAnswer(values, lines)),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const choices = useWatch({ control: form.control, name: 'choices' });
  const code = useMutation({ mutationFn: () => requestPortalCode(number, email) });
  const answer = useMutation({
    mutationFn: (values: PortalAnswerFields & { signature: string }) =>
      answerPortalEstimate(number, {
        code: values.code.trim(),
        acknowledgedBy: { name: values.name.trim(), email: email.trim() },
        signature: values.signature,
        userAgent: navigator.userAgent,
        version: view.version,
        decisions: decisionsOf(lines, values.choices) ?? [],
        termsAccepted: values.termsAccepted,
      }),
  });
  const photo = (photoId: string, alt: string) => (
    <img src={portalPhotoUrl(number, email, photoId, 'small')} alt={alt} loading="lazy" />
  );
  const field = (name: `choices.${string}` | 'termsAccepted') =>
    form.register(name, { onChange: () => form.clearErrors() });

  if (lines.length === 0) return <p className="status-text">{portalEstimateMessages.none}</p>;
  if (answer.isSuccess) return <FormMessage tone="success">{portalEstimateMessages.done}</FormMessage>;
  if (!open)
    return (
      <EstimateChoices
        estimate={view.estimate}
        field={(key) => field(`choices.${key}`)}
        total={view.estimate.total}
        photo={photo}
      />
    );

  const problem = firstMessage(form.formState.errors, fields);
  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit((values) => answer.mutate({ ...values, signature: pad.current?.toPng() ?? '' }))(
      event,
    );
  return (
    <form
      className="card ack-page ack-page__form portal__answer"
      aria-labelledby={id}
      noValidate
      onSubmit={submit}
    >
      <h2 id={id} className="portal__answer-title">
        Your estimate {view.workOrderNumber}
      </h2>
      <fieldset className="portal__answers" disabled={!code.isSuccess}>
        <EstimateAnswer view={view} choices={choices} field={field} photo={photo} />
      </fieldset>
      {!code.isSuccess ? (
        <div className="portal__code">
          <p>{portalEstimateMessages.askCode}</p>
          <ActionButton
            tone="primary"
            onClick={() => code.mutate()}
            disabled={code.isPending}
            pending={code.isPending}
            pendingLabel="Sending..."
          >
            Email me a code to answer
          </ActionButton>
          <FailureMessage error={code.error} fallback="The code was not sent. Please try again later." />
        </div>
      ) : (
        <div className="portal__code">
          <FormMessage tone="success">{code.data.message}</FormMessage>
          <TextField label="Full name" autoComplete="name" maxLength={100} {...form.register('name')} />
          <CodeField form={form} name="code" label="Code from the email" />
          <SignaturePad
            ref={pad}
            onChange={() => {
              form.setValue('signed', pad.current?.isEmpty() === false);
              form.clearErrors();
            }}
          />
          {problem && <FormMessage tone="error">{problem}</FormMessage>}
          <FailureMessage
            error={answer.error}
            fallback="Your answer was not saved. Please try again later."
          />
          <SubmitButton busy={answer.isPending} busyLabel="Saving...">
            Approve and sign
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
