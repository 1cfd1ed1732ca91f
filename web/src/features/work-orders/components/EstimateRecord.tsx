import { formatInstant } from '@app/core/time';
import { formatPrice } from '../../../lib/format';
import type { WorkOrderJson } from '../types';

type Approval = NonNullable<WorkOrderJson['estimate']['approval']>;

const HOW: Record<Approval['channel'], string> = {
  link: 'by link',
  in_person: 'in person',
  phone: 'by phone',
  portal_code: 'in the work order portal, with a code mailed to them',
};

/**
 * The customer's last answer to the estimate (issue 33, decision 125), as the record keeps it:
 * who, when, how (by link, in the portal with a mailed code, in person, or by a call staff recorded: the number called and who
 * recorded it), the total approved and whether it was signed.
 */
export function EstimateRecord({ approval }: { approval: Approval }) {
  return (
    <section aria-label="The customer’s answer">
      <dl className="estimate-record">
        <dt>Answered</dt>
        <dd>
          {HOW[approval.channel]}, {formatInstant(approval.phone?.calledAt ?? approval.at)}
        </dd>
        <dt>By</dt>
        <dd>{approval.by}</dd>
        {approval.phone && (
          <>
            <dt>Number called</dt>
            <dd>{approval.phone.number}</dd>
            <dt>Recorded by</dt>
            <dd>{approval.phone.recordedBy}</dd>
          </>
        )}
        <dt>Total approved</dt>
        <dd>{formatPrice(approval.total)}</dd>
        <dt>Signed</dt>
        <dd>{approval.signed ? 'Yes' : 'No'}</dd>
      </dl>
    </section>
  );
}
