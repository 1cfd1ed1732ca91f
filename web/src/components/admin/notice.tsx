import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { messageOf } from '../../lib/api';
import { FormMessage } from '../ui/FormMessage';

/**
 * The outcome line of a panel or a form (the admin kit's, used by every page): what the last action did,
 * done with something to know (warning), or why it failed.
 */
export type Notice = { tone: 'success' | 'warning' | 'error'; text: string };

/** A panel's notice and the ways to set it (the admin kit, decision 054). */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const success = useCallback((text: string) => setNotice({ tone: 'success', text }), []);
  const warning = useCallback((text: string) => setNotice({ tone: 'warning', text }), []);
  const error = useCallback((text: string) => setNotice({ tone: 'error', text }), []);
  /** The server's msg of a failed call, else `fallback` (the spec's rule for error texts). */
  const failure = useCallback(
    (cause: unknown, fallback: string) => setNotice({ tone: 'error', text: messageOf(cause, fallback) }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return useMemo(
    () => ({ notice, set: setNotice, success, warning, error, failure, clear }),
    [notice, success, warning, error, failure, clear],
  );
}

/** Shows a notice, if there is one. */
export function NoticeLine({ notice }: { notice: Notice | null | undefined }) {
  return notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null;
}

/**
 * A panel's action button: `before` runs first (the panel clears its notice: the last outcome no longer
 * stands), then `onClick`. `named` follows the label for a screen reader (which row's Edit), as DeleteButton's.
 */
export function PanelButton({
  before,
  onClick,
  tone = 'secondary',
  named,
  disabled,
  children,
}: {
  before: () => void;
  onClick: () => void;
  tone?: 'primary' | 'secondary';
  named?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`button button--${tone}`}
      disabled={disabled}
      onClick={() => {
        before();
        onClick();
      }}
    >
      {children}
      {named !== undefined && <span className="visually-hidden"> {named}</span>}
    </button>
  );
}
