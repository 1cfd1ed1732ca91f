import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { useNotice } from './notice';
import { ActionButton } from '../ui/ActionButton';
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

/** A mutation `ConfirmMutation` runs on the target (TanStack Query's, or one of the same shape). */
export type TargetMutation<T> = { mutateAsync: (target: T) => Promise<unknown>; isPending: boolean };

/** Confirm-then-act where the action is a mutation of the target: busy while it runs. */
export function ConfirmMutation<T>({
  mutation,
  ...props
}: Omit<ConfirmActionProps<T>, 'act' | 'busy'> & { mutation: TargetMutation<T> }) {
  return (
    <ConfirmAction {...props} act={(target) => mutation.mutateAsync(target)} busy={mutation.isPending} />
  );
}

/**
 * Confirm-then-delete, the panels' one delete flow: the dialog "Delete {what}", its button
 * (`confirmLabel`, "Delete" unless said) busy as "Deleting...", and confirming deletes the target by
 * its `_id` through the panel's delete mutation.
 */
export function ConfirmDelete<T extends { _id: string }>({
  confirmation,
  remove,
  what,
  confirmLabel = 'Delete',
  keepLabel,
  children,
}: {
  confirmation: Confirmation<T>;
  remove: { mutateAsync: (id: string) => Promise<unknown>; isPending: boolean };
  what: string;
  confirmLabel?: string;
  keepLabel?: string;
  children: (target: T) => ReactNode;
}) {
  return (
    <ConfirmAction
      confirmation={confirmation}
      act={(target) => remove.mutateAsync(target._id)}
      busy={remove.isPending}
      title={`Delete ${what}`}
      confirmLabel={confirmLabel}
      busyLabel="Deleting..."
      keepLabel={keepLabel}
    >
      {children}
    </ConfirmAction>
  );
}

/**
 * The button that asks to delete `target` (`before` runs first: the panel clears its notice);
 * `children` names the target for a screen reader, after "Delete".
 */
export function DeleteButton<T>({
  confirmation,
  target,
  before,
  children,
}: {
  confirmation: Confirmation<T>;
  target: T;
  before?: () => void;
  children: ReactNode;
}) {
  return (
    <ActionButton
      tone="danger"
      onClick={() => {
        before?.();
        confirmation.ask(target);
      }}
      named={children}
    >
      Delete
    </ActionButton>
  );
}

/**
 * A panel's delete mutation for `<ConfirmDelete>`: deletes by id, then the panel's notice says
 * `deleted` and its list is read again (`refresh`), or the notice says why not (the server's msg,
 * else `failed`).
 */
export function useDeleteMutation({
  del,
  notice,
  refresh,
  deleted,
  failed,
}: {
  del: (id: string) => Promise<unknown>;
  notice: ReturnType<typeof useNotice>;
  refresh: () => Promise<unknown>;
  deleted: string;
  failed: string;
}) {
  return useMutation({
    mutationFn: del,
    onSuccess: async () => {
      notice.success(deleted);
      await refresh();
    },
    onError: (error) => notice.failure(error, failed),
  });
}
