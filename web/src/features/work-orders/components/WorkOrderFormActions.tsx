import type { Action } from './useWorkOrderActions';

type WorkOrderFormActionsProps = {
  /** The action under way, if any: every button waits for it. */
  busyAction: Action | null;
  /** The work order is stored (Update rather than Create). */
  saved: boolean;
  /** Something was changed since the last save. */
  dirty: boolean;
  hasEmail: boolean;
  /** Email to Customer and Send Acknowledgment Link (the admin's). */
  mailActions: boolean;
  /** The form's submit for an action (Save is the form's own submit). */
  onAction: (action: Action) => () => void;
  onCancel: () => void;
};

const MAIL_ACTIONS: { action: Action; label: string }[] = [
  { action: 'email', label: 'Email to Customer' },
  { action: 'link', label: 'Send Acknowledgment Link' },
];

/** The work-order form's buttons, and why the mail actions wait or save first. */
export function WorkOrderFormActions({
  busyAction,
  saved,
  dirty,
  hasEmail,
  mailActions,
  onAction,
  onCancel,
}: WorkOrderFormActionsProps) {
  const busy = busyAction !== null;
  return (
    <>
      <div className="wo-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busyAction === 'save' ? 'Saving...' : saved ? 'Update Work Order' : 'Create Work Order'}
        </button>
        {mailActions &&
          MAIL_ACTIONS.map(({ action, label }) => (
            <button
              key={action}
              type="button"
              className="button button--secondary"
              disabled={busy || !hasEmail}
              onClick={onAction(action)}
            >
              {busyAction === action ? 'Sending...' : label}
            </button>
          ))}
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {mailActions && !hasEmail && (
        <p className="wo-form__hint">Email and Acknowledgment need the customer&apos;s email address.</p>
      )}
      {mailActions && hasEmail && (dirty || !saved) && (
        <p className="wo-form__hint">Email and Acknowledgment save the work order first.</p>
      )}
    </>
  );
}
