import { messageOf, replyField } from '../../lib/api';
import { useRevealStep } from '../../lib/reveal';

/** The server asks before "On my way" outside daytime hours (issue 30, decision 097): its 409 carries this flag. */
export const asksToConfirm = (error: unknown): boolean => replyField(error, 'confirmOutsideHours') === true;

/**
 * The question the server asked ("It is 12:17 AM, outside daytime hours ...
 * Send "On my way" anyway?"), in view with the focus, and the two answers.
 * One for the technician's phone and the desk.
 */
export function AskOutsideHours({
  error,
  busy,
  onSend,
  onCancel,
}: {
  error: unknown;
  busy: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const ref = useRevealStep<HTMLDivElement>();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="notice ask-outside-hours"
      role="alertdialog"
      aria-label="Send On my way now?"
    >
      <p>{messageOf(error, 'It is outside daytime hours. Send "On my way" anyway?')}</p>
      <p className="ask-outside-hours__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={onSend}>
          {busy ? 'Sending...' : 'Send anyway'}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Not now
        </button>
      </p>
    </div>
  );
}
