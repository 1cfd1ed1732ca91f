import { formatCents } from '@app/core/money';
import { formatTaxRate } from '@app/core/workorder/pricing';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/TextField';
import { type liveTotals, newLaborRow, newPartRow, type WorkOrderFormValues } from '../form';
import type { WorkOrderDefaults } from '../types';

/** The work-order form's labor and part lines, added and removed, and the live totals (doc 2 §3, §5). */
type LinesProps = { form: UseFormReturn<WorkOrderFormValues>; totals: ReturnType<typeof liveTotals> };

export function LaborLines({ form, totals, defaults }: LinesProps & { defaults: WorkOrderDefaults | null }) {
  const { register } = form;
  const errors = form.formState.errors;
  const labor = useFieldArray({ control: form.control, name: 'laborItems' });
  return (
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
              {...register(`laborItems.${index}.hours`)}
            />
            <TextField
              label="Rate ($/hour)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              error={errors.laborItems?.[index]?.hourlyRate?.message}
              {...register(`laborItems.${index}.hourlyRate`)}
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
  );
}

export function PartLines({ form, totals }: LinesProps) {
  const { register } = form;
  const errors = form.formState.errors;
  const parts = useFieldArray({ control: form.control, name: 'partItems' });
  return (
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
              {...register(`partItems.${index}.quantity`)}
            />
            <TextField
              label="Unit price ($)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              error={errors.partItems?.[index]?.unitPrice?.message}
              {...register(`partItems.${index}.unitPrice`)}
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
  );
}

export function PricingFields({ form, totals }: LinesProps) {
  const { register } = form;
  const errors = form.formState.errors;
  return (
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
        {...register('taxRate')}
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
