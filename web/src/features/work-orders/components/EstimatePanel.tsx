import { ActionButton } from '../../../components/ui/ActionButton';
import { CATEGORY_LABELS, type InspectionCategory } from '@app/core/workorder/inspection/terms';
import { useState } from 'react';
import { formatPrice } from '../../../lib/format';
import { FailureMessage } from '../../../components/ui/FailureMessage';
import {
  addEstimateLine,
  type EstimateLineBody,
  proposeFinding,
  removeEstimateLine,
  updateEstimateLine,
  useEstimateMutation,
} from '../estimate-api';
import type { WorkOrderJson } from '../types';
import { EstimateLineForm } from './EstimateLineForm';
import { EstimateRecord } from './EstimateRecord';
import { PhoneApprovalForm } from './PhoneApprovalForm';

const STATE_LABELS: Record<string, string> = {
  proposed: 'Awaiting the customer',
  approved: 'Approved',
  declined: 'Declined',
  deferred: 'Deferred',
};

/**
 * The estimate (issue 33, decision 125), below the inspection on the admin's work order and the
 * technician's phone: each inspection item marked "needs attention" becomes a proposed line in one
 * tap (its note and photos go with it); staff price each line and group options; the customer
 * answers by link or in person, or staff record their answers given on a call. A line priced again
 * after their answer asks them again. The customer's last answer shows as its record.
 */
export function EstimatePanel({
  workOrder,
  onChanged,
}: {
  workOrder: WorkOrderJson;
  onChanged: (order: WorkOrderJson) => void;
}) {
  const id = workOrder._id;
  const [editing, setEditing] = useState<string | null>(null);
  const close = (order: WorkOrderJson) => {
    setEditing(null);
    onChanged(order);
  };
  const finding = useEstimateMutation((category: string) => proposeFinding(id, category), onChanged);
  const add = useEstimateMutation((body: EstimateLineBody) => addEstimateLine(id, body), close);
  const update = useEstimateMutation(
    ({ lineId, body }: { lineId: string; body: EstimateLineBody }) => updateEstimateLine(id, lineId, body),
    close,
  );
  const remove = useEstimateMutation((lineId: string) => removeEstimateLine(id, lineId), onChanged);
  const lineForm = (
    mutation: { isPending: boolean; error: unknown },
    save: (body: EstimateLineBody) => void,
    line?: WorkOrderJson['estimate']['lines'][number],
  ) => (
    <EstimateLineForm
      line={line}
      busy={mutation.isPending}
      error={mutation.error}
      onSave={save}
      onCancel={() => setEditing(null)}
    />
  );
  const lines = workOrder.estimate.lines;
  const { approval } = workOrder.estimate;
  const findings = (workOrder.inspection?.items ?? []).filter(
    (item) => item.condition === 'attention' && !lines.some((l) => l.category === item.category),
  );
  return (
    <section className="wo-form__section estimate-panel" aria-label="Estimate">
      <h4 className="wo-form__title">Estimate</h4>
      {findings.map((item) => (
        <p key={item.category} className="estimate-panel__finding">
          <span>
            {CATEGORY_LABELS[item.category as InspectionCategory]} needs attention
            {item.note ? `: ${item.note}` : ''}
          </span>
          <ActionButton disabled={finding.isPending} onClick={() => finding.mutate(item.category)}>
            Add {CATEGORY_LABELS[item.category as InspectionCategory]} to the estimate
          </ActionButton>
        </p>
      ))}
      <FailureMessage error={finding.error} fallback="The finding was not added." />
      <ul className="estimate-panel__lines">
        {lines.map((line) => (
          <li key={line.id} className="estimate-panel__line">
            {editing === line.id ? (
              lineForm(update, (body) => update.mutate({ lineId: line.id, body }), line)
            ) : (
              <>
                <span className="estimate-panel__what">
                  <strong>{line.description}</strong>
                  {line.group && <span className="estimate-panel__group">Option of {line.group}</span>}
                  <span className={`estimate-state estimate-state--${line.state}`}>
                    {STATE_LABELS[line.state]}
                  </span>
                </span>
                <span className="estimate-panel__price">
                  {formatPrice(line.total)}
                  {line.previousTotal !== null && <small> (was {formatPrice(line.previousTotal)})</small>}
                </span>
                <span className="estimate-panel__actions">
                  <ActionButton onClick={() => setEditing(line.id)}>Price {line.description}</ActionButton>
                  <ActionButton disabled={remove.isPending} onClick={() => remove.mutate(line.id)}>
                    Remove
                  </ActionButton>
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      <FailureMessage error={remove.error} fallback="The line was not removed." />
      {editing === 'new' ? (
        lineForm(add, (body) => add.mutate(body))
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setEditing('new')}>
          Add an estimate line
        </button>
      )}
      {approval && <EstimateRecord approval={approval} />}
      {editing === 'phone' ? (
        <PhoneApprovalForm workOrder={workOrder} onSaved={close} onCancel={() => setEditing(null)} />
      ) : (
        lines.some((l) => l.state === 'proposed') && (
          <button type="button" className="button button--secondary" onClick={() => setEditing('phone')}>
            Record the customer’s answer by phone
          </button>
        )
      )}
    </section>
  );
}
