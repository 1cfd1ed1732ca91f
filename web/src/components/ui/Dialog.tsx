import { type ReactNode, useEffect, useId, useRef } from 'react';
import './dialog.css';

type DialogProps = {
  title: string;
  /** Escape, or a button of the caller's: the caller stops rendering the dialog. May be called twice. */
  onClose: () => void;
  children: ReactNode;
  /** 'alertdialog' for a confirmation that interrupts (cancel a booking ...). */
  role?: 'dialog' | 'alertdialog';
  /** Where the focus goes when the element that opened the dialog is gone (e.g. a Cancel button whose booking is now cancelled). */
  returnFocusFallback?: () => HTMLElement | null | undefined;
};

/**
 * A modal dialog on the browser's own `<dialog>` (GUIDE: accessible dialogs):
 * `showModal()` makes the rest of the page inert and keeps Tab inside it,
 * Escape closes it, and its title names it. It is open while rendered; the
 * focus goes to the element marked `data-autofocus` (else the first field or
 * button) and, when it closes, back to whatever opened it.
 */
export function Dialog({ title, onClose, children, role = 'dialog', returnFocusFallback }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Read when the dialog closes, so they may change while it is open.
  const fallback = useRef(returnFocusFallback);
  useEffect(() => {
    fallback.current = returnFocusFallback;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const usable = (element: HTMLElement | null | undefined): element is HTMLElement =>
        !!element && element.isConnected && !element.matches(':disabled');
      const target = usable(opener) ? opener : fallback.current?.();
      if (usable(target)) target.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      // Escape: the caller stops rendering it, so React's state stays the one truth about whether it is open.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Should the browser close it anyway (a second Escape cannot always be prevented), follow it.
      onClose={onClose}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
