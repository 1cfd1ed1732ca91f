import { useCallback, useMemo, useState } from 'react';
import { messageOf } from '../../lib/api';
import { ActionButton, type ActionButtonProps } from '../ui/ActionButton';
import { FormMessage } from '../ui/FormMessage';

/**
 * The outcome line of a panel or a form (the admin kit's, used by every page): what the last action did,
 * done with something to know (warning), or why it failed.
 */
export type Notice = { tone: 'success' | 'warning' | 'error'; text: string };

/** A panel's notice and the ways to set it (the admin kit, decision 054); `initial`: what a page opens with. */
export function useNotice(initial: Notice | null = null) {
  const [notice, setNotice] = useState<Notice | null>(initial);
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
 * stands), then `onClick`.
 */
export function PanelButton({ before, onClick, ...button }: ActionButtonProps & { before: () => void }) {
  return (
    <ActionButton
      {...button}
      onClick={() => {
        before();
        onClick();
      }}
    />
  );
}
