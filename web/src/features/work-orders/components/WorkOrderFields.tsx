import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ComponentProps, ReactNode } from 'react';
import { TextAreaField } from '../../../components/ui/TextAreaField';
import { TextField } from '../../../components/ui/TextField';
import { VEHICLE_YEAR_MIN, vehicleYearMax, type WorkOrderFormValues } from '../form';
import { StatusSelect } from './StatusSelect';

/** The work-order form's plain fields (doc 2 §3), in sections; the form's state stays with the form. */
type FormProps = { form: UseFormReturn<WorkOrderFormValues> };

export function CustomerAndVehicleFields({ form }: FormProps) {
  const { register } = form;
  const errors = form.formState.errors;
  const year = { min: VEHICLE_YEAR_MIN, max: vehicleYearMax() };
  return (
    <>
      <Section legend="Customer">
        <TextField
          label="Name"
          autoComplete="off"
          error={errors.customerName?.message}
          {...register('customerName')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.customerEmail?.message}
          {...register('customerEmail')}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="off"
          error={errors.customerPhone?.message}
          {...register('customerPhone')}
        />
        <TextField label="Street" className="wo-form__wide" autoComplete="off" {...register('street')} />
        <TextField label="City" autoComplete="off" {...register('city')} />
        <TextField label="State" autoComplete="off" {...register('state')} />
        <TextField
          label="ZIP code"
          autoComplete="off"
          inputMode="numeric"
          error={errors.zipCode?.message}
          {...register('zipCode')}
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
          {...register('vehicleYear')}
        />
        <TextField label="Make" error={errors.vehicleMake?.message} {...register('vehicleMake')} />
        <TextField label="Model" error={errors.vehicleModel?.message} {...register('vehicleModel')} />
        <TextField label="Color" {...register('vehicleColor')} />
        <TextField label="VIN" autoComplete="off" error={errors.vin?.message} {...register('vin')} />
        <TextField label="License plate" autoComplete="off" {...register('licensePlate')} />
        <TextField
          label="Mileage"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.mileage?.message}
          {...register('mileage')}
        />
      </Section>
    </>
  );
}

export function ServiceDetailsFields({ form }: FormProps) {
  const { register } = form;
  const errors = form.formState.errors;
  return (
    <Section legend="Service details">
      <TextAreaField
        label="Service description"
        className="wo-form__wide"
        rows={2}
        error={errors.description?.message}
        {...register('description')}
      />
      <Notes label="Customer complaints" {...register('customerComplaints')} />
      <Notes label="Diagnosis" {...register('diagnosis')} />
      <Notes label="Work performed" {...register('workPerformed')} />
      <Notes label="Recommendations" {...register('recommendations')} />
    </Section>
  );
}

export function StatusAndNotesFields({ form }: FormProps) {
  const statusId = useId();
  const { register, control } = form;
  return (
    <Section legend="Status and notes">
      <div className="field">
        <label htmlFor={statusId}>Status</label>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <StatusSelect
              id={statusId}
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
      <Notes label="Notes for the customer" {...register('customerNotes')} />
      <Notes label="Internal notes (not shown to the customer)" {...register('internalNotes')} />
    </Section>
  );
}

/** A free text of the work order: the form's full width, two rows to start. */
function Notes(props: ComponentProps<typeof TextAreaField>) {
  return <TextAreaField className="wo-form__wide" rows={2} {...props} />;
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="wo-form__section">
      <legend>{legend}</legend>
      <div className="wo-form__grid">{children}</div>
    </fieldset>
  );
}
