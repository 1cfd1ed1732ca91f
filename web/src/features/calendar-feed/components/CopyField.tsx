import { useId } from 'react';

/**
 * A read-only address with its Copy button: the text is selected on focus,
 * so it can be copied by hand where the clipboard is not offered.
 */
export function CopyField({
  label,
  value,
  onCopy,
}: {
  label: string;
  value: string;
  onCopy: (value: string, label: string) => void;
}) {
  const id = useId();
  return (
    <div className="calendar-feed__field">
      <label htmlFor={id}>{label}</label>
      <div className="calendar-feed__copy">
        <input id={id} type="text" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button button--secondary" onClick={() => onCopy(value, label)}>
          Copy<span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </div>
  );
}
