import { formatInstant } from '@app/core/time';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatUsNumber } from '@app/core/rules/phone';
import { inboxQuery } from '../../lib/texts';
import { ListOf } from '../ui/ListState';
import { TextThread } from './TextThread';
import './texts.css';

/**
 * The desk's texts (issue 36): customers' texts that reached the desk (not
 * during a visit, or from a number with no open booking), newest first; a
 * booking's text opens its thread, where the desk answers.
 */
export function TextInbox() {
  const titleId = useId();
  const inbox = useQuery(inboxQuery());
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="text-inbox" aria-labelledby={titleId}>
      <h3 id={titleId} className="text-inbox__title">
        Customer texts
      </h3>
      <ListOf
        query={inbox}
        loading="Loading texts..."
        failed="The texts could not be loaded."
        none="No texts from customers."
        className="text-inbox__items"
        item={(text) => (
          <li key={text.id} className="text-inbox__item">
            <p className="text-message__meta">
              {text.customerName ?? 'Unknown number'} · {formatUsNumber(text.number)} ·{' '}
              <time dateTime={text.at}>{formatInstant(text.at)}</time>
            </p>
            <p className="text-message__body">{text.body}</p>
            {text.bookingId ? (
              <button
                type="button"
                className="button button--secondary"
                aria-expanded={open === text.id}
                onClick={() => setOpen(open === text.id ? null : text.id)}
              >
                {open === text.id ? 'Close thread' : 'Open thread'}
              </button>
            ) : (
              <p className="text-inbox__note">No open booking: call them back if it needs an answer.</p>
            )}
            {open === text.id && text.bookingId && <TextThread bookingId={text.bookingId} />}
          </li>
        )}
      />
    </section>
  );
}
