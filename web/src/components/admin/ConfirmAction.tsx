import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/**
 * Confirm-then-act (the admin kit, decision 054): `ask(target)` opens the
 * confirmation, `<ConfirmAction>` shows it, and confirming runs the action on
 * that target. The dialog stays open, its buttons busy, until the action
 * settles; then it closes, whatever the outcome (the panel's notice says it).
 */
export function useConfirmation<T>() {
  const [target, setTarget] = useState<T | null>(null);
  return { target, ask: (next: T) => setTarget(next), close: () => setTarget(null) };
}

type Confirmation<T> = ReturnType<typeof useConfirmation<T>>;

type ConfirmActionProps<T> = {
  confirmation: Confirmation<T>;
  /** Runs the action; the dialog closes when it settles. */
  act: (target: T) => Promise<unknown>;
  busy: boolean;
  title: string;
  confirmLabel: string;
  busyLabel?: string;
  keepLabel?: string;
  /** The question, for the target. */
  children: (target: T) => ReactNode;
};

export function ConfirmAction<T>({ confirmation, act, busy, children, ...labels }: ConfirmActionProps<T>) {
  const { target, close } = confirmation;
  if (target === null) return null;
  return (
    <ConfirmDialog
      {...labels}
      busy={busy}
      onConfirm={() => {
        act(target).then(close, close);
      }}
      onKeep={close}
    >
      {children(target)}
    </ConfirmDialog>
  );
}
