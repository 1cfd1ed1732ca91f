import { type SelectHTMLAttributes, useId } from 'react';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: string;
  /** The choices; an empty first option (the placeholder) is added when `placeholder` is given. */
  options: readonly string[];
  placeholder?: string;
};

/** A labelled select, like TextField. */
export function SelectField({ label, options, placeholder, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select" {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
