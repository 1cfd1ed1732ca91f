import { useQuery } from '@tanstack/react-query';
import { PriceApproval } from './PriceApproval';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf } from '../../../lib/api';
import { messagesResolver } from '../../../lib/forms';
import { defaultsQueryOptions, fetchWorkOrder, workOrdersKey } from '../api';
import { acknowledgmentState, emailState, workOrderMessages } from '../display';
import { emptyValues, liveTotals, valuesOf, type WorkOrderFormValues } from '../form';
import type { WorkOrderDefaults, WorkOrderJson, WorkOrderPrefill } from '../types';
import { validateWorkOrder } from '../validate';
import { InspectionPanel } from './InspectionPanel';
import { useWorkOrderActions, type Action } from './useWorkOrderActions';
import { WorkOrderFormActions } from './WorkOrderFormActions';
import { CustomerAndVehicleFields, ServiceDetailsFields, StatusAndNotesFields } from './WorkOrderFields';
import { LaborLines, PartLines, PricingFields } from './WorkOrderLines';

type WorkOrderFormProps = {
  /** The work order to edit; a new one when absent. */
  workOrderId?: string;
  /** A new work order's values from a booking (doc 2 §2 'Create Work Order'). */
  prefill?: WorkOrderPrefill;
  /** The form's own heading; left out where the sub-view has one. */
  title?: boolean;
  /** Email to Customer and Send Acknowledgment Link (the admin's); off on the technician's phone (issue 22). */
  mailActions?: boolean;
  onCancel: () => void;
  /** After Save: the saved work order and the sentence to show. */
  onSaved: (order: WorkOrderJson, text: string) => void;
};

/**
 * The work-order form (doc 2 §2, §3, §5): create or edit, every field of the
 * work order, labor and part lines added and removed, the totals live from
 * core's pricing function (what the server will compute), and the Email and
 * Acknowledgment actions, which save first when there is something to save.
 */
export function WorkOrderForm({
  workOrderId,
  prefill,
  title = true,
  mailActions = true,
  onCancel,
  onSaved,
}: WorkOrderFormProps) {
  const order = useQuery({
    queryKey: [...workOrdersKey, 'one', workOrderId],
    queryFn: () => fetchWorkOrder(workOrderId ?? ''),
    enabled: workOrderId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const defaults = useQuery({ ...defaultsQueryOptions(), enabled: workOrderId === undefined });

  if (workOrderId !== undefined) {
    if (order.isPending) return <Loading />;
    if (order.isError)
      return (
        <div>
          <FormMessage tone="error">{messageOf(order.error, workOrderMessages.fetchOne)}</FormMessage>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Back
          </button>
        </div>
      );
    return (
      <FormBody
        key={order.data._id}
        saved={order.data}
        defaults={null}
        initial={valuesOf(order.data)}
        title={title}
        mailActions={mailActions}
        onCancel={onCancel}
        onSaved={onSaved}
      />
    );
  }
  if (defaults.isPending) return <Loading />;
  const shopDefaults = defaults.data ?? null;
  return (
    <FormBody
      saved={null}
      defaults={shopDefaults}
      defaultsFailed={defaults.isError}
      initial={emptyValues(shopDefaults, prefill)}
      title={title}
      mailActions={mailActions}
      onCancel={onCancel}
      onSaved={onSaved}
    />
  );
}

function Loading() {
  return (
    <p className="status-text" role="status">
      Loading work order...
    </p>
  );
}

function FormBody({
  saved: savedAtStart,
  defaults,
  defaultsFailed = false,
  initial,
  title,
  mailActions,
  onCancel,
  onSaved,
}: {
  mailActions: boolean;
  saved: WorkOrderJson | null;
  defaults: WorkOrderDefaults | null;
  defaultsFailed?: boolean;
  initial: WorkOrderFormValues;
  title: boolean;
  onCancel: () => void;
  onSaved: (order: WorkOrderJson, text: string) => void;
}) {
  const titleId = useId();
  const form = useForm<WorkOrderFormValues>({
    defaultValues: initial,
    resolver: messagesResolver((values) => validateWorkOrder(values)),
  });
  const { control, formState } = form;
  const [laborItems, partItems, taxRate, customerEmail] = useWatch({
    control,
    name: ['laborItems', 'partItems', 'taxRate', 'customerEmail'],
  });
  const totals = liveTotals({ laborItems, partItems, taxRate });
  const hasEmail = customerEmail.trim() !== '';

  const { saved, notice, run } = useWorkOrderActions({ form, savedAtStart, onSaved });
  const submit = (action: Action) => form.handleSubmit((values) => run.mutate({ action, values }));
  const busyAction = run.isPending ? run.variables.action : null;

  return (
    <>
      <form
        className="wo-form"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : 'Work order'}
        noValidate
        onSubmit={submit('save')}
      >
        {title && (
          <h3 id={titleId} className="wo-form__title">
            {saved ? `Edit Work Order ${saved.workOrderNumber}` : 'New Work Order'}
          </h3>
        )}
        {saved && (
          <p className="wo-form__states">
            <span>{emailState(saved)}</span>
            <span>{acknowledgmentState(saved)}</span>
          </p>
        )}
        {saved?.acknowledgment.state === 'acknowledged' && (
          <p className="notice wo-form__note">
            The customer has acknowledged this work order. Changing its work, parts or prices sends it back
            for a new acknowledgment.
          </p>
        )}
        {saved && <PriceApproval key={saved.updatedAt} order={saved} canApprove={mailActions} />}
        {defaultsFailed && <FormMessage tone="error">{workOrderMessages.defaults}</FormMessage>}

        <CustomerAndVehicleFields form={form} />
        <ServiceDetailsFields form={form} />
        <LaborLines form={form} totals={totals} defaults={defaults} />
        <PartLines form={form} totals={totals} />
        <PricingFields form={form} totals={totals} />
        <StatusAndNotesFields form={form} />

        {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
        <WorkOrderFormActions
          busyAction={busyAction}
          saved={!!saved}
          dirty={formState.isDirty}
          hasEmail={hasEmail}
          mailActions={mailActions}
          onAction={submit}
          onCancel={onCancel}
        />
      </form>
      {saved && <InspectionPanel key={saved._id} workOrder={saved} />}
    </>
  );
}
