import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { LinkPage, LinkPageQuery } from '../../../components/ui/LinkPage';
import { TextField } from '../../../components/ui/TextField';
import { business } from '../../../lib/business';
import { firstMessage, messagesResolver } from '../../../lib/forms';
import { acknowledgeWorkOrder, acknowledgmentQueryOptions, linkPhotoUrl } from '../api';
import { ackMessages, loadError, submitError } from '../display';
import type { AcknowledgmentView } from '../types';
import { type AcknowledgmentFields, acknowledgmentFields, validateAcknowledgment } from '../validate';
import { type SignatureHandle, SignatureField } from './SignatureField';
import { decisionsOf } from '../../../components/estimate/choices';
import { EstimateAnswer } from '../../../components/estimate/EstimateAnswer';
import { WorkOrderToAcknowledge } from './WorkOrderToAcknowledge';
import '../../../components/ui/work-order-status.css';
import '../acknowledgment.css';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { SubmitButton } from '../../../components/ui/SubmitButton';

/**
 * The work order acknowledgment screen (doc 2 §2, §4, §5, §8): loading, then
 * an error or the work order with the form (name, email, an optional drawn
 * signature); after the submit, the success view. No login: the link's token
 * is the key.
 */
export function WorkOrderAcknowledgment({ token }: { token: string }) {
  const view = useQuery(acknowledgmentQueryOptions(token));

  return (
    <LinkPageQuery
      query={view}
      width="wide"
      loading={ackMessages.loading}
      failedTitle="Unable to Load Work Order"
      failed={loadError}
      failedActions={<ButtonLink className="link-page__actions">Go to Homepage</ButtonLink>}
    >
      {(data) => <AcknowledgmentForm token={token} view={data} />}
    </LinkPageQuery>
  );
}

function AcknowledgmentForm({ token, view }: { token: string; view: AcknowledgmentView }) {
  const id = useId();
  const signature = useRef<SignatureHandle>(null);
  // Recommended work awaits the customer's answers (issue 33): they answer, accept the terms, then sign.
  const open = view.estimate.lines.some((l) => l.state === 'proposed');
  const form = useForm<AcknowledgmentFields>({
    defaultValues: {
      name: view.customer.name,
      email: view.customer.email,
      includeSignature: open,
      signed: false,
      choices: {},
      estimateOpen: open,
      termsAccepted: false,
    },
    resolver: messagesResolver((values: AcknowledgmentFields) =>
      validateAcknowledgment(values, view.estimate.lines),
    ),
    // One message for the form, until the next press (or the box or the pad changes); the focus stays.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const includeSignature = useWatch({ control: form.control, name: 'includeSignature' });
  const choices = useWatch({ control: form.control, name: 'choices' });
  const problem = firstMessage(form.formState.errors, acknowledgmentFields);
  const submit = useMutation({
    mutationFn: ({
      name,
      email,
      signaturePng,
      answers,
    }: {
      name: string;
      email: string;
      signaturePng: string | null;
      answers: AcknowledgmentFields;
    }) =>
      acknowledgeWorkOrder(token, {
        acknowledgedBy: { name: name.trim(), email: email.trim() },
        signature: signaturePng,
        userAgent: navigator.userAgent,
        version: view.version,
        ...(open
          ? {
              decisions: decisionsOf(view.estimate.lines, answers.choices) ?? [],
              termsAccepted: answers.termsAccepted,
            }
          : {}),
      }),
  });

  if (submit.isSuccess) return <Acknowledged workOrderNumber={view.workOrderNumber} />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit((answers) => {
      const pad = signature.current;
      const { name, email } = answers;
      submit.mutate({ name, email, signaturePng: includeSignature && pad ? pad.toPng() : null, answers });
    })(event);

  return (
    <LinkPage width="wide">
      <h1 className="link-page__title">Work Order Acknowledgment</h1>
      <WorkOrderToAcknowledge view={view} photoSrc={(photoId, size) => linkPhotoUrl(token, photoId, size)} />

      <form className="card ack-page__form" aria-labelledby={`${id}-form`} noValidate onSubmit={onSubmit}>
        <h2 id={`${id}-form`} className="ack-page__subtitle">
          Your acknowledgment
        </h2>
        {open && (
          <EstimateAnswer
            view={view}
            choices={choices}
            field={(key) => form.register(key, { onChange: () => form.clearErrors() })}
            photo={(photoId, alt) => (
              <img src={linkPhotoUrl(token, photoId, 'small')} alt={alt} loading="lazy" />
            )}
          />
        )}
        <TextField label="Full name" autoComplete="name" required {...form.register('name')} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          required
          {...form.register('email')}
        />
        <label className="check ack-page__check" hidden={open}>
          <input
            type="checkbox"
            {...form.register('includeSignature', {
              // A new box means a new pad, empty; the message goes.
              onChange: () => {
                form.setValue('signed', false);
                form.clearErrors();
              },
            })}
          />
          Include digital signature
        </label>
        {includeSignature && (
          <SignatureField
            ref={signature}
            onChange={() => {
              form.setValue('signed', signature.current?.isEmpty() === false);
              form.clearErrors('includeSignature');
            }}
          />
        )}
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        {submit.isError && <FormMessage tone="error">{submitError(submit.error)}</FormMessage>}
        <div className="ack-page__actions">
          <Link to="/" className="button button--secondary">
            Cancel
          </Link>
          <SubmitButton busy={submit.isPending} busyLabel="Acknowledging...">
            ✓ Acknowledge Work Order
          </SubmitButton>
        </div>
      </form>
      <p className="link-page__support">
        Questions? Call us at <a href={business.phoneHref}>{business.phone}</a> or email{' '}
        <a href={`mailto:${business.email}`}>{business.email}</a>.
      </p>
    </LinkPage>
  );
}

/** 'Work Order Acknowledged Successfully!' with the number, print and home (doc 2 §2). */
function Acknowledged({ workOrderNumber }: { workOrderNumber: string }) {
  return (
    <LinkPage width="wide">
      <FocusedHeading className="link-page__title">Work Order Acknowledged Successfully!</FocusedHeading>
      <p className="ack-page__done-number">Work Order {workOrderNumber}</p>
      <p className="form-message form-message--success" role="status">
        You will receive a confirmation email shortly.
      </p>
      <p className="ack-page__actions ack-page__no-print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          Print This Page
        </button>
        <Link to="/" className="button button--primary">
          Go to Homepage
        </Link>
      </p>
    </LinkPage>
  );
}
