import type { ChangeEvent } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { TextField } from './TextField';

/**
 * A six-digit code the customer got by mail or text (decisions 091, 127): the phone's number pad,
 * the browser's one-time-code fill, digits only.
 */
export function CodeField<T extends FieldValues>({
  form,
  name,
  label,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
}) {
  return (
    <TextField
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...form.register(name, {
        onChange: (event: ChangeEvent<HTMLInputElement>) =>
          form.setValue(name, event.target.value.replace(/\D/g, '') as PathValue<T, Path<T>>),
      })}
    />
  );
}
