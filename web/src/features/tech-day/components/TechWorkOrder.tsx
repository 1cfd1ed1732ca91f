import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextField } from '../../../components/ui/TextField';
import {
  type SignatureHandle,
  SignatureField,
} from '../../work-order-acknowledgment/components/SignatureField';
import {
  acknowledgeInPerson,
  forSigningQueryOptions,
  sendPriceCode,
  techDayKey,
  type TechJob,
} from '../api';
import { WorkOrderToAcknowledge } from '../../work-order-acknowledgment/components/WorkOrderToAcknowledge';
import { StaffPhoto } from '../../work-orders/components/InspectionPhotos';
import { fetchWorkOrder } from '../../work-orders/api';
import { WorkOrderForm } from '../../work-orders/components/WorkOrderForm';
import type { WorkOrderPrefill } from '../../../lib/work-order-prefill';
import { messageOf, replyField } from '../../../lib/api';
import '../../work-orders/work-orders.css';
import '../../work-order-acknowledgment/acknowledgment.css';

/** A job's values for a new work order: the customer, the vehicle, the service, the address and the booking. */
const prefillOf = (job: TechJob): WorkOrderPrefill => ({
  customerName: `${job.customer.firstName} ${job.customer.lastName}`.trim(),
  customerEmail: job.customer.email,
  customerPhone: job.customer.phone ?? '',
  vehicleYear: job.vehicle.year || null,
  vehicleMake: job.vehicle.make,
  vehicleModel: job.vehicle.model,
  vehicleColor: job.vehicle.color,
  serviceDescription: job.serviceName,
  relatedBooking: job._id,
  address: job.serviceAddress
    ? {
        street: job.serviceAddress.street,
        city: job.serviceAddress.city,
        state: job.serviceAddress.state,
        zipCode: job.serviceAddress.zipCode,
      }
    : null,
});

/**
 * A job's work order on the technician's phone (issue 22): the existing form
 * (without the admin's mail actions), prefilled from the job, and once saved,
 * the customer's signature on this phone: the same acknowledgment, in person.
 * While the customer signs, the staff's form is put away: they read the
 * acknowledgment page's own read-only view (issue 30), nothing internal.
 */
export default function TechWorkOrder({ job, onClose }: { job: TechJob; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [workOrderId, setWorkOrderId] = useState(job.workOrderId);
  const [notice, setNotice] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const [signed, setSigned] = useState(false);
  if (workOrderId && signing) {
    return (
      <div className="tech work-orders">
        <SignInPerson
          workOrderId={workOrderId}
          customerName={prefillOf(job).customerName}
          onDone={(done) => {
            setSigning(false);
            setSigned(done);
          }}
        />
      </div>
    );
  }
  return (
    <div className="tech work-orders">
      <p>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Back to my day
        </button>
      </p>
      <h1 className="tech__title">Work order · {job.serviceName}</h1>
      {notice && <FormMessage tone="success">{notice}</FormMessage>}
      <h2>Work, parts and inspection</h2>
      <WorkOrderForm
        key={workOrderId ?? 'new'}
        workOrderId={workOrderId ?? undefined}
        prefill={workOrderId ? undefined : prefillOf(job)}
        mailActions={false}
        onCancel={onClose}
        onSaved={(order, text) => {
          setNotice(text);
          setWorkOrderId(order._id);
          void queryClient.invalidateQueries({ queryKey: techDayKey });
          void queryClient.invalidateQueries({ queryKey: ['tech-work-order', order._id] });
        }}
      />
      {workOrderId && (
        <SignatureState workOrderId={workOrderId} revealed={signed} onSign={() => setSigning(true)} />
      )}
    </div>
  );
}

/** Below the staff's form: who acknowledged it, or the step that hands the phone to the customer. */
function SignatureState({
  workOrderId,
  revealed,
  onSign,
}: {
  workOrderId: string;
  /** Just signed: the outcome comes into view with the focus. */
  revealed: boolean;
  onSign: () => void;
}) {
  const titleId = useId();
  const order = useQuery({
    queryKey: ['tech-work-order', workOrderId],
    queryFn: () => fetchWorkOrder(workOrderId),
  });
  const ack = order.data?.acknowledgment;
  return (
    <section className="tech-sign" aria-labelledby={titleId}>
      <FocusedHeading level={2} id={titleId} reveal={revealed}>
        Customer signature
      </FocusedHeading>
      {ack?.isAcknowledged ? (
        <p className="notice" role="status">
          Acknowledged by {ack.acknowledgedBy?.name}
          {ack.inPerson ? `, signed in person (presented by ${ack.inPerson.presentedBy})` : ''}.
        </p>
      ) : (
        <>
          <p>Save your changes, then hand the phone to the customer: they read the work order and sign it.</p>
          <button type="button" className="button button--primary" onClick={onSign} disabled={!order.data}>
            Customer signs now
          </button>
        </>
      )}
    </section>
  );
}

/**
 * The customer's step: the work order as the acknowledgment page shows it
 * (lines, photos, totals and terms; read-only), then their name and signature.
 * The signature sends back the version read, so a change made meanwhile is refused.
 */
function SignInPerson({
  workOrderId,
  customerName,
  onDone,
}: {
  workOrderId: string;
  customerName: string;
  /** Back to the staff's form; true once signed. */
  onDone: (signed: boolean) => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const signature = useRef<SignatureHandle>(null);
  const [name, setName] = useState(customerName);
  const [problem, setProblem] = useState<string | null>(null);
  // Above the booked price (issue 30, decision 091): the customer's own code, sent to their phone or mail.
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const send = useMutation({ mutationFn: () => sendPriceCode(workOrderId) });
  const view = useQuery(forSigningQueryOptions(workOrderId));
  const sign = useMutation({
    mutationFn: (png: string) =>
      acknowledgeInPerson(workOrderId, {
        name: name.trim(),
        signature: png,
        version: view.data?.version,
        ...(needsCode && code.trim() ? { code: code.trim() } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tech-work-order', workOrderId] });
      onDone(true);
    },
    onError: (error) => {
      if (replyField(error, 'codeRequired') === true) setNeedsCode(true);
    },
  });
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
          <WorkOrderToAcknowledge
            view={view.data}
            photo={(photoId, alt) => <StaffPhoto workOrderId={workOrderId} photoId={photoId} label={alt} />}
          />
          <form
            className="card ack-page__form"
            aria-label="Your acknowledgment"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) return setProblem("Please enter the customer's name.");
              if (!signature.current || signature.current.isEmpty())
                return setProblem('Please ask the customer to sign.');
              setProblem(null);
              sign.mutate(signature.current.toPng());
            }}
          >
            <TextField
              label="Customer name"
              autoComplete="off"
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
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
                {send.isError && (
                  <FormMessage tone="error">{messageOf(send.error, 'The code was not sent.')}</FormMessage>
                )}
                <TextField
                  label="Code from the customer"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                />
              </fieldset>
            )}
            <SignatureField ref={signature} onChange={() => setProblem(null)} />
            {problem && <FormMessage tone="error">{problem}</FormMessage>}
            {sign.isError && (
              <FormMessage tone="error">{messageOf(sign.error, 'The signature was not saved.')}</FormMessage>
            )}
            <div className="ack-page__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => onDone(false)}
                disabled={sign.isPending}
              >
                Back to the work order
              </button>
              <button type="submit" className="button button--primary" disabled={sign.isPending}>
                {sign.isPending ? 'Saving...' : 'Acknowledge work order'}
              </button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
