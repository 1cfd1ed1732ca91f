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
  /** The id of what describes it (the card's title: which booking's Edit). */
  describedBy?: string;
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
  describedBy,
  children,
}: ActionButtonProps) {
  return (
    <button
      type="button"
      className={`button button--${tone}`}
      disabled={disabled}
      aria-expanded={expanded}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {pending ? pendingLabel : children}
      {named !== undefined && <span className="visually-hidden"> {named}</span>}
    </button>
  );
}

/** What `MutationButton` runs: a mutation without input (TanStack Query's, or one of the same shape). */
export type ButtonMutation = { isPending: boolean; mutate: (input: void) => void };

/** An ActionButton that runs a mutation: disabled, and reading `pendingLabel`, while it runs. */
export function MutationButton({
  mutation,
  ...props
}: Omit<ActionButtonProps, 'onClick' | 'pending' | 'disabled'> & { mutation: ButtonMutation }) {
  return (
    <ActionButton
      {...props}
      disabled={mutation.isPending}
      pending={mutation.isPending}
      onClick={() => mutation.mutate()}
    />
  );
}
