import type { ReactNode } from 'react';

export type ActionButtonProps = {
  onClick: () => void;
  tone?: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
  /** Its action under way: the button reads `pendingLabel` ('Sending...') instead of its label. */
  pending?: boolean;
  pendingLabel?: string;
  /** What it acts on, after the label for a screen reader (which row's Edit). */
  named?: ReactNode;
  /** A button that shows and hides a part (History): whether that part is shown. */
  expanded?: boolean;
  children: ReactNode;
};

/** A row's or a panel's action button (Edit, Email, Create Slots, Delete...). */
export function ActionButton({
  onClick,
  tone = 'secondary',
  disabled,
  pending = false,
  pendingLabel,
  named,
  expanded,
  children,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`button button--${tone}`}
      disabled={disabled}
      aria-expanded={expanded}
      onClick={onClick}
    >
      {pending ? pendingLabel : children}
      {named !== undefined && <span className="visually-hidden"> {named}</span>}
    </button>
  );
}
