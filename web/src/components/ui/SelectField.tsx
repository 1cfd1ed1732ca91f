import { type ControlFieldProps, Field } from './Field';

/** A choice: its text, or its value and the text shown for it. */
export type SelectOption = string | readonly [value: string, label: string];

type SelectFieldProps = ControlFieldProps<'select'> & {
  /** The choices; an empty first option (the placeholder) is added when `placeholder` is given. */
  options: readonly SelectOption[];
  placeholder?: string;
};

/** A labelled select, like TextField. */
export function SelectField({ label, options, placeholder, error, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <select className="select" {...control} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => {
            const [value, text] = typeof option === 'string' ? [option, option] : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
