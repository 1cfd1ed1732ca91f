import type { ComponentProps } from 'react';
import { TextField } from '../../../components/ui/TextField';

type Props = Omit<ComponentProps<typeof TextField>, 'type' | 'step' | 'inputMode'>;

/** A price in dollars and cents, as the service and add-on forms take it. */
export const PriceField = (props: Props) => (
  <TextField type="number" min={0} step={0.01} inputMode="decimal" {...props} />
);

/** Whole minutes (at least 5 for a service: its `min`). */
export const MinutesField = (props: Props) => (
  <TextField type="number" min={5} step={1} inputMode="numeric" {...props} />
);
