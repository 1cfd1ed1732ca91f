import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { EstimateAnswer } from '../../../components/estimate/EstimateAnswer';
import { decisionsOf } from '../../../components/estimate/choices';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { FormMessage } from '../../../components/ui/FormMessage';
import { CodeField } from '../../../components/ui/CodeField';
import { TextField } from '../../../components/ui/TextField';
import { messageOf, replyField } from '../../../lib/api';
import { messagesResolver } from '../../../lib/forms';
import { forSigningQueryOptions, useAcknowledgeInPersonMutation, useSendPriceCodeMutation } from '../api';
import { type InPersonFields, inPersonMessages, validateInPerson } from '../validate';
import type { SignaturePadHandle, TechWorkOrderParts } from './TechWorkOrder';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import { ActionButton } from '../../../components/ui/ActionButton';

/**
 * The customer's step: the work order as the acknowledgment page shows it
 * (lines, photos, totals and terms; read-only), then their name and signature.
 * The signature sends back the version read, so a change made meanwhile is refused.
 */
export function SignInPerson({
  workOrderId,
  customerName,
  parts,
  onDone,
}: {
  workOrderId: string;
  customerName: string;
  parts: Pick<TechWorkOrderParts, 'readOnly' | 'SignaturePad'>;
  /** Back to the staff's form; true once signed. */
  onDone: (signed: boolean) => void;
}) {
  const titleId = useId();
  const signature = useRef<SignaturePadHandle>(null);
  const view = useQuery(forSigningQueryOptions(workOrderId));
  const lines = view.data?.estimate.lines ?? [];
  const open = lines.some((l) => l.state === 'proposed');
  const form = useForm<InPersonFields>({
    defaultValues: { name: customerName, code: '', choices: {}, termsAccepted: false },
    resolver: messagesResolver((values: InPersonFields) => validateInPerson(values, lines)),
    // The message shows above the buttons, as the pad's does; the focus stays where it is.
    shouldFocusError: false,
  });
  const [padProblem, setPadProblem] = useState<string | null>(null);
  // Above the booked price (issue 30, decision 091): the customer's own code, sent to their phone or mail.
  const [needsCode, setNeedsCode] = useState(false);
  const send = useSendPriceCodeMutation(workOrderId);
  const choices = useWatch({ control: form.control, name: 'choices' });
  const sign = useAcknowledgeInPersonMutation(workOrderId);
  const problem = form.formState.errors.name?.message ?? padProblem;
  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit(({ name, code, choices: answers, termsAccepted }) => {
      if (!signature.current || signature.current.isEmpty()) return setPadProblem(inPersonMessages.signature);
      setPadProblem(null);
      sign.mutate(
        {
          name: name.trim(),
          signature: signature.current.toPng(),
          version: view.data?.version,
          ...(needsCode && code.trim() ? { code: code.trim() } : {}),
          ...(open ? { decisions: decisionsOf(lines, answers) ?? [], termsAccepted } : {}),
        },
        {
          onSuccess: () => onDone(true),
          onError: (error) => {
            if (replyField(error, 'codeRequired') === true) setNeedsCode(true);
          },
        },
      );
    })(event);
  return (
    <section className="tech-sign ack-page" aria-labelledby={titleId}>
      <FocusedHeading level={1} id={titleId} className="tech__title">
        Customer signature
      </FocusedHeading>
      {view.isPending ? (
        <p className="status-text" role="status">
          Loading the work order...
        </p>
      ) : view.isError ? (
        <FormMessage tone="error">{messageOf(view.error, 'The work order could not be loaded.')}</FormMessage>
      ) : (
        <>
          {parts.readOnly(view.data, workOrderId)}
          <form className="card ack-page__form" aria-label="Your acknowledgment" noValidate onSubmit={submit}>
            {open && (
              <EstimateAnswer
                view={view.data}
                choices={choices}
                field={(key) => form.register(key, { onChange: () => form.clearErrors('name') })}
                // The photos are above, in the work order's own view (the shop's private copies).
                photo={() => null}
              />
            )}
            <TextField label="Customer name" autoComplete="off" maxLength={100} {...form.register('name')} />
            {needsCode && (
              <fieldset className="tech-sign__code">
                <legend>The customer's code</legend>
                <p>
                  This work order is above the booked price: the customer confirms it with a code sent to
                  their own phone or email.
                </p>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={send.isPending}
                  onClick={() => send.mutate()}
                >
                  {send.isPending ? 'Sending...' : 'Send the customer a code'}
                </button>
                {send.isSuccess && <FormMessage tone="success">{send.data.message}</FormMessage>}
                <FailureMessage error={send.error} fallback="The code was not sent." />
                <CodeField form={form} name="code" label="Code from the customer" />
              </fieldset>
            )}
            <parts.SignaturePad
              ref={signature}
              onChange={() => {
                setPadProblem(null);
                form.clearErrors('name');
              }}
            />
            {problem && <FormMessage tone="error">{problem}</FormMessage>}
            <FailureMessage error={sign.error} fallback="The signature was not saved." />
            <div className="ack-page__actions">
              <ActionButton onClick={() => onDone(false)} disabled={sign.isPending}>
                Back to the work order
              </ActionButton>
              <SubmitButton busy={sign.isPending} busyLabel="Saving...">
                Acknowledge work order
              </SubmitButton>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
