import { formatInstant } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type TextMessage, threadQuery } from '../../lib/texts';
import { AnswerForm } from './AnswerForm';
import './texts.css';

const HANDLED = {
  confirm: 'Confirmed the visit',
  reschedule: 'Asked to reschedule: the link was texted',
} as const;

/** Who wrote a message, as the thread shows it. */
function authorOf(message: TextMessage): string {
  if (message.direction === 'in') return message.customerName ?? 'Customer';
  return message.by?.name ?? 'The shop';
}

/**
 * A booking's texts with the customer (issue 36), oldest first, read again
 * every 20 seconds, with the answer form. `quietWhenEmpty`: nothing at all
 * until the customer has texted (a job card on /tech).
 */
export function TextThread({
  bookingId,
  quietWhenEmpty = false,
}: {
  bookingId: string;
  quietWhenEmpty?: boolean;
}) {
  const titleId = useId();
  const thread = useQuery(threadQuery(bookingId));
  const messages = thread.data?.messages ?? [];
  if (quietWhenEmpty && messages.length === 0) return null;
  return (
    <section className="text-thread" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-thread__title">
        Texts with the customer
      </h3>
      {thread.isError && (
        <p className="status-text status-text--error" role="alert">
          The texts could not be loaded.
        </p>
      )}
      {thread.data && messages.length === 0 && (
        <p className="status-text">No texts about this booking yet.</p>
      )}
      <ol className="text-thread__messages" aria-live="polite">
        {messages.map((message) => (
          <li key={message.id} className={`text-message text-message--${message.direction}`}>
            <p className="text-message__meta">
              {authorOf(message)} · <time dateTime={message.at}>{formatInstant(message.at)}</time>
            </p>
            <p className="text-message__body">{message.body}</p>
            {message.handled && <p className="text-message__handled">{HANDLED[message.handled]}</p>}
          </li>
        ))}
      </ol>
      {thread.data?.number && <AnswerForm bookingId={bookingId} />}
    </section>
  );
}
