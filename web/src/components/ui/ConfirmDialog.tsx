import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

type ConfirmDialogProps = {
  title: string;
  /** The question, and what the action takes with it. */
  children: ReactNode;
  /** The destructive action's label, and its label while it runs. */
  confirmLabel: string;
  busyLabel?: string;
  keepLabel?: string;
  /** While true both buttons are disabled and Escape does nothing. */
  busy?: boolean;
  onConfirm: () => void;
  /** Keep (the safe button, focused first) or Escape. */
  onKeep: () => void;
};

/** A confirmation before something that cannot be undone (doc 2 §8 confirmation dialogs): the safe choice has the focus. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  keepLabel = 'Cancel',
  busy = false,
  onConfirm,
  onKeep,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} role="alertdialog" onClose={() => busy || onKeep()}>
      {children}
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--secondary"
          data-autofocus
          disabled={busy}
          onClick={onKeep}
        >
          {keepLabel}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={onConfirm}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
