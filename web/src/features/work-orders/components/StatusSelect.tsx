import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '@app/core/workorder/model';
import type { ComponentPropsWithRef } from 'react';
import { statusLabel } from '../display';

type StatusSelectProps = Omit<ComponentPropsWithRef<'select'>, 'value' | 'onChange' | 'children'> & {
  value: WorkOrderStatus;
  onChange: (status: WorkOrderStatus) => void;
};

/** The seven statuses (doc 2 §4), the select coloured by the chosen one: draft grey, ... cancelled red. */
export function StatusSelect({ value, onChange, className, ...select }: StatusSelectProps) {
  return (
    <select
      className={`select wo-status wo-status--${value}${className ? ` ${className}` : ''}`}
      value={value}
      onChange={(event) => onChange(event.target.value as WorkOrderStatus)}
      {...select}
    >
      {WORK_ORDER_STATUSES.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </select>
  );
}
