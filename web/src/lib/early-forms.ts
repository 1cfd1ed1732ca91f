/**
 * Forms used before the app is ready (decision 053). On a pre-rendered page,
 * a small inline script (web/inline/early-forms.js) holds any submit made
 * before the page has hydrated and notes what is typed meanwhile. Once the
 * page has hydrated (lib/hydration.ts), `releaseEarlyForms` gives it all to
 * the app: each field noted gets its value again, through an input event the
 * app's handlers see (so React state and react-hook-form hold what the page
 * shows), and then a held submit is sent again, now to the app's own handler.
 */

type HeldSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

type EarlyForms = {
  typed: Map<EventTarget, string | boolean>;
  take: () => HeldSubmit | null;
};

declare global {
  interface Window {
    earlyForms?: EarlyForms;
  }
}

export function releaseEarlyForms(): void {
  const early = window.earlyForms;
  if (!early) return;
  window.earlyForms = undefined;
  for (const [field, value] of early.typed) typeAgain(field, value);
  early.typed.clear();
  sendAgain(early.take());
}

/** Sends a held submit again, now to the app's own handler. */
function sendAgain(held: HeldSubmit | null): void {
  if (!held?.form.isConnected) return;
  // A task later: React has rendered what the input events changed, so the handler sees it.
  setTimeout(() => {
    const { form, submitter } = held;
    if (!form.isConnected) return;
    const button = submitter && submitter.isConnected && isSubmitButton(submitter) ? submitter : undefined;
    form.requestSubmit(button);
  }, 0);
}

/**
 * The same hold for the forms inside `element` on a page that has hydrated while
 * their own code comes later (the services filter, decision 114): what is typed is
 * noted and a submit is held until `release()` hands both to the app, as
 * `releaseEarlyForms` does for the whole page.
 */
export function holdForms(element: HTMLElement): () => void {
  const typed = new Map<EventTarget, string | boolean>();
  let held: HeldSubmit | null = null;
  const note = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
      typed.set(field, field.checked);
    else if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    )
      typed.set(field, field.value);
  };
  const hold = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event instanceof SubmitEvent ? event.submitter : null;
    held = { form: event.target, submitter };
  };
  element.addEventListener('input', note, true);
  element.addEventListener('change', note, true);
  element.addEventListener('submit', hold, true);
  return () => {
    element.removeEventListener('input', note, true);
    element.removeEventListener('change', note, true);
    element.removeEventListener('submit', hold, true);
    for (const [field, value] of typed) typeAgain(field, value);
    typed.clear();
    sendAgain(held);
    held = null;
  };
}

const isSubmitButton = (element: HTMLElement) =>
  (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === 'submit';

/**
 * Gives `field` the value that was typed into it, as an input event would,
 * even where hydration (or a form library's defaults) put another value
 * since. React tells a change by comparing the field's value with the last
 * one it knows: the field is set through its own `value` property first (React
 * learns a different value) and then through the element's native setter to
 * what was typed, so the event reaches the app's `onChange`.
 */
export function typeAgain(field: EventTarget, value: string | boolean): void {
  if (!(field instanceof HTMLElement) || !field.isConnected) return;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked !== value) field.click();
    return;
  }
  // A chosen file cannot be given again by script (the browser allows only clearing it).
  if (typeof value !== 'string' || (field instanceof HTMLInputElement && field.type === 'file')) return;
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const prototype =
    field instanceof HTMLInputElement
      ? HTMLInputElement.prototype
      : field instanceof HTMLTextAreaElement
        ? HTMLTextAreaElement.prototype
        : undefined;
  const setNative = prototype && Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || !setNative) return;
  field.value = value === '' ? ' ' : '';
  setNative.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
