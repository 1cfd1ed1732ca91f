import { formatCents } from '@app/core/money';
import { formatTaxRate } from '@app/core/workorder/pricing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { FormMessage } from '../../../components/ui/FormMessage';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { messageOf } from '../../../lib/api';
import { replyField } from '../../../lib/api';
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
import {
  emptyValues,
  liveTotals,
  newLaborRow,
  newPartRow,
  rules,
  toInput,
  VEHICLE_YEAR_MIN,
  valuesOf,
  vehicleYearMax,
  type WorkOrderFormValues,
} from '../form';
import type { WorkOrderDefaults, WorkOrderJson, WorkOrderPrefill } from '../types';
import { StatusSelect } from './StatusSelect';

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

type Notice = { tone: 'success' | 'error'; text: string } | null;
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
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm<WorkOrderFormValues>({ defaultValues: initial });
  const { register, control, formState } = form;
  const errors = formState.errors;
  const labor = useFieldArray({ control, name: 'laborItems' });
  const parts = useFieldArray({ control, name: 'partItems' });
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
  const year = { min: VEHICLE_YEAR_MIN, max: vehicleYearMax() };

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

      <Section legend="Customer">
        <TextField
          label="Name"
          autoComplete="off"
          error={errors.customerName?.message}
          {...register('customerName', { validate: rules.customerName })}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.customerEmail?.message}
          {...register('customerEmail', { validate: rules.customerEmail })}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          error={errors.customerPhone?.message}
          {...register('customerPhone', { validate: rules.customerPhone })}
        />
        <TextField label="Street" className="wo-form__wide" autoComplete="off" {...register('street')} />
        <TextField label="City" autoComplete="off" {...register('city')} />
        <TextField label="State" autoComplete="off" {...register('state')} />
        <TextField
          label="ZIP code"
          autoComplete="off"
          inputMode="numeric"
          error={errors.zipCode?.message}
          {...register('zipCode', { validate: rules.zipCode })}
        />
      </Section>

      <Section legend="Vehicle">
        <TextField
          label="Year"
          type="number"
          inputMode="numeric"
          min={year.min}
          max={year.max}
          step={1}
          error={errors.vehicleYear?.message}
          {...register('vehicleYear', { validate: (text) => rules.vehicleYear(text) })}
        />
        <TextField
          label="Make"
          error={errors.vehicleMake?.message}
          {...register('vehicleMake', { validate: rules.vehicleMake })}
        />
        <TextField
          label="Model"
          error={errors.vehicleModel?.message}
          {...register('vehicleModel', { validate: rules.vehicleModel })}
        />
        <TextField label="Color" {...register('vehicleColor')} />
        <TextField
          label="VIN"
          autoComplete="off"
          error={errors.vin?.message}
          {...register('vin', { validate: rules.vin })}
        />
        <TextField label="License plate" autoComplete="off" {...register('licensePlate')} />
        <TextField
          label="Mileage"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.mileage?.message}
          {...register('mileage', { validate: rules.mileage })}
        />
      </Section>

      <Section legend="Service details">
        <TextAreaField
          label="Service description"
          className="wo-form__wide"
          rows={2}
          error={errors.description?.message}
          {...register('description', { validate: rules.description })}
        />
        <TextAreaField
          label="Customer complaints"
          className="wo-form__wide"
          rows={2}
          {...register('customerComplaints')}
        />
        <TextAreaField label="Diagnosis" className="wo-form__wide" rows={2} {...register('diagnosis')} />
        <TextAreaField
          label="Work performed"
          className="wo-form__wide"
          rows={2}
          {...register('workPerformed')}
        />
        <TextAreaField
          label="Recommendations"
          className="wo-form__wide"
          rows={2}
          {...register('recommendations')}
        />
      </Section>

      <fieldset className="wo-form__section">
        <legend>Labor</legend>
        {labor.fields.length === 0 && <p className="status-text">No labor lines.</p>}
        <ol className="wo-lines">
          {labor.fields.map((field, index) => (
            <li key={field.id} className="wo-line wo-line--labor">
              <TextField
                label={`Labor ${index + 1} description`}
                className="wo-line__description"
                {...register(`laborItems.${index}.description`)}
              />
              <TextField
                label="Hours"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.25}
                error={errors.laborItems?.[index]?.hours?.message}
                {...register(`laborItems.${index}.hours`, { validate: rules.hours })}
              />
              <TextField
                label="Rate ($/hour)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                error={errors.laborItems?.[index]?.hourlyRate?.message}
                {...register(`laborItems.${index}.hourlyRate`, { validate: rules.hourlyRate })}
              />
              <LineTotal cents={totals.laborLines[index] ?? null} />
              <button
                type="button"
                className="button button--secondary wo-line__remove"
                onClick={() => labor.remove(index)}
              >
                Remove<span className="visually-hidden"> labor line {index + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => labor.append(newLaborRow(defaults))}
        >
          Add Labor
        </button>
      </fieldset>

      <fieldset className="wo-form__section">
        <legend>Parts</legend>
        {parts.fields.length === 0 && <p className="status-text">No parts.</p>}
        <ol className="wo-lines">
          {parts.fields.map((field, index) => (
            <li key={field.id} className="wo-line wo-line--part">
              <TextField
                label={`Part ${index + 1} number`}
                className="wo-line__number"
                {...register(`partItems.${index}.partNumber`)}
              />
              <TextField
                label={`Part ${index + 1} description`}
                className="wo-line__description"
                {...register(`partItems.${index}.description`)}
              />
              <TextField
                label="Quantity"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                error={errors.partItems?.[index]?.quantity?.message}
                {...register(`partItems.${index}.quantity`, { validate: rules.quantity })}
              />
              <TextField
                label="Unit price ($)"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                error={errors.partItems?.[index]?.unitPrice?.message}
                {...register(`partItems.${index}.unitPrice`, { validate: rules.unitPrice })}
              />
              <LineTotal cents={totals.partLines[index] ?? null} />
              <button
                type="button"
                className="button button--secondary wo-line__remove"
                onClick={() => parts.remove(index)}
              >
                Remove<span className="visually-hidden"> part {index + 1}</span>
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="button button--secondary" onClick={() => parts.append(newPartRow())}>
          Add Part
        </button>
      </fieldset>

      <fieldset className="wo-form__section wo-form__pricing">
        <legend>Pricing</legend>
        <TextField
          label="Tax rate (fraction, 0.08 = 8%)"
          type="number"
          inputMode="decimal"
          min={0}
          max={0.5}
          step={0.001}
          error={errors.taxRate?.message}
          {...register('taxRate', { validate: rules.taxRate })}
        />
        <dl className="wo-totals" aria-label="Totals">
          <Total term="Labor subtotal" cents={totals.laborSubtotalCents} />
          <Total term="Parts subtotal" cents={totals.partsSubtotalCents} />
          <Total term="Subtotal" cents={totals.subtotalCents} />
          <Total
            term={totals.taxRate === null ? 'Tax' : `Tax (${formatTaxRate(totals.taxRate)})`}
            cents={totals.taxAmountCents}
          />
          <Total term="Total" cents={totals.totalAmountCents} strong />
        </dl>
      </fieldset>

      <Section legend="Status and notes">
        <div className="field">
          <label htmlFor={`${titleId}-status`}>Status</label>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <StatusSelect
                id={`${titleId}-status`}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
              />
            )}
          />
        </div>
        <TextField label="Scheduled date" type="date" {...register('scheduledDate')} />
        <TextField label="Related booking" autoComplete="off" {...register('relatedBooking')} />
        <TextAreaField
          label="Notes for the customer"
          className="wo-form__wide"
          rows={2}
          {...register('customerNotes')}
        />
        <TextAreaField
          label="Internal notes (not shown to the customer)"
          className="wo-form__wide"
          rows={2}
          {...register('internalNotes')}
        />
      </Section>

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

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="wo-form__section">
      <legend>{legend}</legend>
      <div className="wo-form__grid">{children}</div>
    </fieldset>
  );
}

function LineTotal({ cents }: { cents: number | null }) {
  return (
    <p className="wo-line__total">
      <span className="wo-line__total-label">Line total</span>{' '}
      <span>{cents === null ? '—' : formatCents(cents)}</span>
    </p>
  );
}

function Total({ term, cents, strong = false }: { term: string; cents: number; strong?: boolean }) {
  return (
    <div className={strong ? 'wo-totals__row wo-totals__row--total' : 'wo-totals__row'}>
      <dt>{term}</dt>
      <dd>{formatCents(cents)}</dd>
    </div>
  );
}
