import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { messageOf, replyField } from '../../../lib/api';
import {
  createWorkOrder,
  defaultsQueryOptions,
  emailWorkOrder,
  fetchWorkOrder,
  generateAcknowledgment,
  updateWorkOrder,
  workOrdersKey,
} from '../api';
import { acknowledgmentState, alreadyAcknowledgedText, emailState, workOrderMessages } from '../display';
import { emptyValues, liveTotals, toInput, valuesOf, type WorkOrderFormValues } from '../form';
import type { WorkOrderDefaults, WorkOrderJson, WorkOrderPrefill } from '../types';
import { CustomerAndVehicleFields, ServiceDetailsFields, StatusAndNotesFields } from './WorkOrderFields';
import { LaborLines, PartLines, PricingFields } from './WorkOrderLines';
import type { Notice } from '../../../components/admin/notice';

type WorkOrderFormProps = {
  /** The work order to edit; a new one when absent. */
  workOrderId?: string;
  /** A new work order's values from a booking (doc 2 §2 'Create Work Order'). */
  prefill?: WorkOrderPrefill;
  /** The form's own heading; left out where the sub-view has one. */
  title?: boolean;
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
export function WorkOrderForm({ workOrderId, prefill, title = true, onCancel, onSaved }: WorkOrderFormProps) {
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

type Action = 'save' | 'email' | 'link';

function FormBody({
  saved: savedAtStart,
  defaults,
  defaultsFailed = false,
  initial,
  title,
  onCancel,
  onSaved,
}: {
  saved: WorkOrderJson | null;
  defaults: WorkOrderDefaults | null;
  defaultsFailed?: boolean;
  initial: WorkOrderFormValues;
  title: boolean;
  onCancel: () => void;
  onSaved: (order: WorkOrderJson, text: string) => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  // The work order as last saved: a new one becomes an edit once Email or Acknowledgment saved it.
  const [saved, setSaved] = useState(savedAtStart);
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<WorkOrderFormValues>({ defaultValues: initial });
  const { control, formState } = form;
  const [laborItems, partItems, taxRate, customerEmail] = useWatch({
    control,
    name: ['laborItems', 'partItems', 'taxRate', 'customerEmail'],
  });
  const totals = liveTotals({ laborItems, partItems, taxRate });
  const hasEmail = customerEmail.trim() !== '';

  const run = useMutation({
    mutationFn: async ({ action, values }: { action: Action; values: WorkOrderFormValues }) => {
      let current = saved;
      if (!current || action === 'save' || formState.isDirty) {
        try {
          current = current
            ? await updateWorkOrder(current._id, toInput(values))
            : await createWorkOrder(toInput(values));
        } catch (error) {
          throw new StepError('save', error);
        }
        setSaved(current);
        form.reset(valuesOf(current));
      }
      try {
        if (action === 'email') return { current: (await emailWorkOrder(current._id)).workOrder, action };
        if (action === 'link') {
          const reply = await generateAcknowledgment(current._id);
          return { current: await fetchWorkOrder(current._id), action, expires: reply.tokenExpiresAt };
        }
      } catch (error) {
        throw new StepError(action, error);
      }
      return { current, action };
    },
    onMutate: () => setNotice(null),
    onSuccess: ({ current, action }) => {
      void queryClient.invalidateQueries({ queryKey: workOrdersKey });
      setSaved(current);
      if (action === 'save') {
        return onSaved(
          current,
          savedAtStart
            ? `Work order ${current.workOrderNumber} updated.`
            : `Work order ${current.workOrderNumber} created.`,
        );
      }
      setNotice({
        tone: 'success',
        text:
          action === 'email'
            ? `Work order ${current.workOrderNumber} emailed to ${current.customer.email}.`
            : `Acknowledgment link for ${current.workOrderNumber} sent to ${current.customer.email}.`,
      });
    },
    onError: (error) => {
      const step = error instanceof StepError ? error.step : 'save';
      const cause = error instanceof StepError ? error.cause : error;
      if (step === 'save')
        return setNotice({ tone: 'error', text: messageOf(cause, workOrderMessages.save) });
      if (step === 'email')
        return setNotice({ tone: 'error', text: messageOf(cause, workOrderMessages.send) });
      const message = cause instanceof Error ? messageOf(cause, '') : '';
      if (message.includes('already been acknowledged')) {
        void queryClient.invalidateQueries({ queryKey: workOrdersKey });
        return setNotice({
          tone: 'error',
          text: alreadyAcknowledgedText(replyField(cause, 'acknowledgmentDate'), message),
        });
      }
      setNotice({ tone: 'error', text: messageOf(cause, workOrderMessages.link) });
    },
  });
  const submit = (action: Action) => form.handleSubmit((values) => run.mutate({ action, values }));
  const busy = run.isPending;
  const busyAction = run.isPending ? run.variables.action : null;

  return (
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
          The customer has acknowledged this work order. Changing its work, parts or prices sends it back for
          a new acknowledgment.
        </p>
      )}
      {defaultsFailed && <FormMessage tone="error">{workOrderMessages.defaults}</FormMessage>}

      <CustomerAndVehicleFields form={form} />
      <ServiceDetailsFields form={form} />
      <LaborLines form={form} totals={totals} defaults={defaults} />
      <PartLines form={form} totals={totals} />
      <PricingFields form={form} totals={totals} />
      <StatusAndNotesFields form={form} />

      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      <div className="wo-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busyAction === 'save' ? 'Saving...' : saved ? 'Update Work Order' : 'Create Work Order'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !hasEmail}
          onClick={submit('email')}
        >
          {busyAction === 'email' ? 'Sending...' : 'Email to Customer'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy || !hasEmail}
          onClick={submit('link')}
        >
          {busyAction === 'link' ? 'Sending...' : 'Send Acknowledgment Link'}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {!hasEmail && (
        <p className="wo-form__hint">Email and Acknowledgment need the customer&apos;s email address.</p>
      )}
      {hasEmail && (formState.isDirty || !saved) && (
        <p className="wo-form__hint">Email and Acknowledgment save the work order first.</p>
      )}
    </form>
  );
}

/** Which step of an action failed: the save before it, or the action itself. */
class StepError extends Error {
  constructor(
    readonly step: Action,
    override readonly cause: unknown,
  ) {
    super(step);
  }
}
