import { VEHICLE_CLASS_LABELS, VEHICLE_CLASSES } from '@app/core/garage/model';
import { garageTextRules } from '@app/core/garage/rules';
import { garageVinProblem } from '@app/core/garage/vin';
import { VEHICLE_YEAR_MIN, vehicleYearMax } from '@app/core/rules/fields';
import { today } from '@app/core/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { bindFields, messagesResolver } from '../../lib/forms';
import {
  validateVehicle,
  vehicleBody,
  vehicleFieldsOf,
  type VehicleFormFields,
} from '../../lib/vehicle-form';
import { decodeVin, type GarageVehicle, refreshAfterVehicleChange, saveVehicle } from '../../lib/vehicles';
import { FailureMessage } from '../ui/FailureMessage';
import { FormMessage } from '../ui/FormMessage';
import { SelectField } from '../ui/SelectField';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';
import './vehicle.css';

type VehicleFormProps = {
  /** The vehicle being edited; a new one when absent. */
  editing?: GarageVehicle;
  title: string;
  onSaved: (vehicle: GarageVehicle) => void;
  onCancel?: () => void;
};

const CLASS_OPTIONS = VEHICLE_CLASSES.map((c) => [c, VEHICLE_CLASS_LABELS[c]] as const);

/**
 * Adds a vehicle to the customer's garage, or edits one (issue 34). A VIN is looked up through vPIC
 * (make, model, year, body class, and the class it suggests); everything stays editable. The
 * fields' rules are core's; what the server refuses (the limit) shows its `msg`.
 */
export function VehicleForm({ editing, title, onSaved, onCancel }: VehicleFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<VehicleFormFields>({
    defaultValues: vehicleFieldsOf(editing ?? null),
    resolver: messagesResolver(validateVehicle),
  });
  const save = useMutation({
    mutationFn: saveVehicle,
    onSuccess: (saved) => {
      void refreshAfterVehicleChange(queryClient);
      onSaved(saved);
    },
  });
  const lookUp = useMutation({
    mutationFn: decodeVin,
    onSuccess: (found) => {
      const set = (name: keyof VehicleFormFields, value: string) =>
        form.setValue(name, value, { shouldDirty: true });
      set('make', found.make);
      set('model', found.model);
      set('year', String(found.year));
      set('bodyClass', found.bodyClass);
      if (found.vehicleClass) set('vehicleClass', found.vehicleClass);
      form.clearErrors();
    },
  });
  const busy = save.isPending;
  const field = bindFields(form, { disabled: busy });
  const findVin = () => {
    const vin = form.getValues('vin');
    const problem = garageVinProblem(vin) ?? (vin.trim() ? undefined : 'Type the VIN to look it up.');
    if (problem) form.setError('vin', { message: problem });
    else lookUp.mutate(vin.trim().toUpperCase());
  };
  const decoded = lookUp.data;
  const submit = form.handleSubmit((values) =>
    save.mutate({ ...vehicleBody(values), ...(editing ? { id: editing._id } : {}) }),
  );

  return (
    <form className="address-form vehicle-form" aria-label={title} method="post" noValidate onSubmit={submit}>
      <h3>{title}</h3>
      <div className="form-row vehicle-form__vin">
        <TextField label="VIN (optional)" maxLength={17} autoCapitalize="characters" {...field('vin')} />
        <button
          type="button"
          className="button button--secondary"
          disabled={lookUp.isPending || busy}
          onClick={findVin}
        >
          {lookUp.isPending ? 'Looking up...' : 'Look Up VIN'}
        </button>
      </div>
      {decoded && (
        <FormMessage tone="success">
          Found a {decoded.year} {decoded.make} {decoded.model}
          {decoded.bodyClass ? ` (${decoded.bodyClass})` : ''}.
        </FormMessage>
      )}
      <FailureMessage
        error={lookUp.error}
        fallback="Could not look up the VIN. Please type the vehicle in."
      />
      <div className="form-row">
        <TextField label="Make" required maxLength={garageTextRules.make.max} {...field('make')} />
        <TextField label="Model" required maxLength={garageTextRules.model.max} {...field('model')} />
      </div>
      <div className="form-row">
        <TextField
          label="Year"
          type="number"
          inputMode="numeric"
          min={VEHICLE_YEAR_MIN}
          max={vehicleYearMax(today())}
          required
          {...field('year')}
        />
        <TextField label="Color (optional)" maxLength={garageTextRules.color.max} {...field('color')} />
      </div>
      <div className="form-row">
        <SelectField
          label="Vehicle class"
          options={CLASS_OPTIONS}
          placeholder="Choose..."
          {...field('vehicleClass')}
        />
        <TextField label="Plate (optional)" maxLength={garageTextRules.plate.max} {...field('plate')} />
      </div>
      <TextField label="Mileage (optional)" type="number" inputMode="numeric" min={0} {...field('miles')} />
      <FailureMessage error={save.error} fallback="Could not save the vehicle." />
      <p className="address-form__actions">
        <SubmitButton busy={busy} busyLabel="Saving...">
          {editing ? 'Save Vehicle' : 'Add Vehicle'}
        </SubmitButton>
        {onCancel && <CancelButton onCancel={onCancel} busy={busy} />}
      </p>
    </form>
  );
}

function CancelButton({ onCancel, busy }: { onCancel: () => void; busy: boolean }) {
  return (
    <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
      Cancel
    </button>
  );
}
