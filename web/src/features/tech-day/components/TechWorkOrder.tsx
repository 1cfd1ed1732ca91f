import { useQuery } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, type Ref, useId, useState } from 'react';
import { FocusedHeading } from '../../../components/ui/FocusedHeading';
import { NoticeLine, useNotice } from '../../../components/admin/notice';
import type { WorkOrderPrefill } from '../../../lib/work-order-prefill';
import { type TechJob, techWorkOrderQuery, useWorkOrderSaved, type ViewForSigning } from '../api';
import { SignInPerson } from './SignInPerson';

/** What the pad offers the form (the acknowledgment's signature field). */
export type SignaturePadHandle = { isEmpty: () => boolean; toPng: () => string; clear: () => void };

/**
 * What the technician's work order borrows from the work-order features. A
 * feature never imports another, so the route joins them (the pieces are
 * those of the admin's form and of the acknowledgment page).
 */
export type TechWorkOrderParts = {
  /** The staff's work-order form, without the admin's mail actions. */
  form: (props: {
    workOrderId?: string;
    prefill?: WorkOrderPrefill;
    onCancel: () => void;
    onSaved: (workOrderId: string, text: string) => void;
  }) => ReactNode;
  /** The acknowledgment page's read-only view of the work order, with the shop's private photos. */
  readOnly: (view: ViewForSigning, workOrderId: string) => ReactNode;
  /** The acknowledgment page's signature pad. */
  SignaturePad: ComponentType<{ ref: Ref<SignaturePadHandle>; onChange: () => void }>;
};

/** A job's values for a new work order: the customer, the vehicle, the service, the address and the booking. */
export const prefillOf = (job: TechJob): WorkOrderPrefill => ({
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
export function TechWorkOrder({
  job,
  onClose,
  parts,
}: {
  job: TechJob;
  onClose: () => void;
  parts: TechWorkOrderParts;
}) {
  const saved = useWorkOrderSaved();
  const [workOrderId, setWorkOrderId] = useState(job.workOrderId);
  const { notice, success } = useNotice();
  const [signing, setSigning] = useState(false);
  const [signed, setSigned] = useState(false);
  if (workOrderId && signing) {
    return (
      <div className="tech work-orders">
        <SignInPerson
          workOrderId={workOrderId}
          customerName={prefillOf(job).customerName}
          parts={parts}
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
      <NoticeLine notice={notice} />
      <h2>Work, parts and inspection</h2>
      {parts.form({
        workOrderId: workOrderId ?? undefined,
        prefill: workOrderId ? undefined : prefillOf(job),
        onCancel: onClose,
        onSaved: (id, text) => {
          success(text);
          setWorkOrderId(id);
          saved(id);
        },
      })}
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
  const order = useQuery(techWorkOrderQuery(workOrderId));
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
