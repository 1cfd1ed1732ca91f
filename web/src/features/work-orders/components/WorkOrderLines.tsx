import { formatCents } from '@app/core/money';
import { formatTaxRate } from '@app/core/workorder/pricing';
import type { ComponentProps, ReactNode } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/TextField';
import { Totals, TotalsRow } from '../../../components/ui/Totals';
import { type liveTotals, newLaborRow, newPartRow, type WorkOrderFormValues } from '../form';
import type { WorkOrderDefaults } from '../types';

/** The work-order form's labor and part lines, added and removed, and the live totals (doc 2 §3, §5). */
type LinesProps = { form: UseFormReturn<WorkOrderFormValues>; totals: ReturnType<typeof liveTotals> };

export function LaborLines({ form, totals, defaults }: LinesProps & { defaults: WorkOrderDefaults | null }) {
  const { register } = form;
  const errors = form.formState.errors;
  const labor = useFieldArray({ control: form.control, name: 'laborItems' });
  return (
    <Lines
      kind="labor"
      legend="Labor"
      empty="No labor lines."
      rows={labor}
      lineTotals={totals.laborLines}
      removeLabel={(index) => `labor line ${index + 1}`}
      add={{ label: 'Add Labor', row: () => newLaborRow(defaults) }}
    >
      {(index) => (
        <>
          <TextField
            label={`Labor ${index + 1} description`}
            className="wo-line__description"
            {...register(`laborItems.${index}.description`)}
          />
          <NumberField
            label="Hours"
            step={0.25}
            error={errors.laborItems?.[index]?.hours?.message}
            {...register(`laborItems.${index}.hours`)}
          />
          <NumberField
            label="Rate ($/hour)"
            step={0.01}
            error={errors.laborItems?.[index]?.hourlyRate?.message}
            {...register(`laborItems.${index}.hourlyRate`)}
          />
        </>
      )}
    </Lines>
  );
}

export function PartLines({ form, totals }: LinesProps) {
  const { register } = form;
  const errors = form.formState.errors;
  const parts = useFieldArray({ control: form.control, name: 'partItems' });
  return (
    <Lines
      kind="part"
      legend="Parts"
      empty="No parts."
      rows={parts}
      lineTotals={totals.partLines}
      removeLabel={(index) => `part ${index + 1}`}
      add={{ label: 'Add Part', row: newPartRow }}
    >
      {(index) => (
        <>
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
          <NumberField
            label="Quantity"
            inputMode="numeric"
            step={1}
            error={errors.partItems?.[index]?.quantity?.message}
            {...register(`partItems.${index}.quantity`)}
          />
          <NumberField
            label="Unit price ($)"
            step={0.01}
            error={errors.partItems?.[index]?.unitPrice?.message}
            {...register(`partItems.${index}.unitPrice`)}
          />
        </>
      )}
    </Lines>
  );
}

/** A number the form's lines take: none below zero, decimal unless said otherwise. */
function NumberField(props: ComponentProps<typeof TextField>) {
  return <TextField type="number" inputMode="decimal" min={0} {...props} />;
}

/**
 * The labor or part lines: each row's fields with its line total and a Remove button, a text
 * when there are none, and the button that adds one (`add.row()` gives its first values).
 */
function Lines<Row>({
  kind,
  legend,
  empty,
  rows,
  lineTotals,
  removeLabel,
  add,
  children,
}: {
  kind: 'labor' | 'part';
  legend: string;
  empty: string;
  rows: { fields: { id: string }[]; remove: (index: number) => void; append: (row: Row) => void };
  lineTotals: readonly (number | null)[];
  removeLabel: (index: number) => string;
  add: { label: string; row: () => Row };
  children: (index: number) => ReactNode;
}) {
  return (
    <fieldset className="wo-form__section">
      <legend>{legend}</legend>
      {rows.fields.length === 0 && <p className="status-text">{empty}</p>}
      <ol className="wo-lines">
        {rows.fields.map((field, index) => (
          <li key={field.id} className={`wo-line wo-line--${kind}`}>
            {children(index)}
            <LineTotal cents={lineTotals[index] ?? null} />
            <button
              type="button"
              className="button button--secondary wo-line__remove"
              onClick={() => rows.remove(index)}
            >
              Remove<span className="visually-hidden"> {removeLabel(index)}</span>
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--secondary" onClick={() => rows.append(add.row())}>
        {add.label}
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
      <Totals className="wo-totals" label="Totals">
        <Total term="Labor subtotal" cents={totals.laborSubtotalCents} />
        <Total term="Parts subtotal" cents={totals.partsSubtotalCents} />
        <Total term="Subtotal" cents={totals.subtotalCents} />
        <Total
          term={totals.taxRate === null ? 'Tax' : `Tax (${formatTaxRate(totals.taxRate)})`}
          cents={totals.taxAmountCents}
        />
        <Total term="Total" cents={totals.totalAmountCents} strong />
      </Totals>
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
    <TotalsRow term={term} strong={strong}>
      {formatCents(cents)}
    </TotalsRow>
  );
}
