import { formatLongDate, formatTime } from '@app/core/time';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatPrice } from '../../../lib/format';
import type { TodayReply } from '../../../lib/dispatch';

/** `section`: the admin section that lists them all, when one does. */
type ListProps = { title: string; empty: string; more: boolean; section?: string; children: ReactNode[] };

/** One of Today's lists: its first items, and where the rest are. */
function WaitingList({ title, empty, more, section, children }: ListProps) {
  return (
    <section className="today-list" aria-label={title}>
      <h3 className="today-list__title">
        {title} <span className="today-lane__count">({more ? `${children.length}+` : children.length})</span>
      </h3>
      {children.length === 0 ? (
        <p className="status-text">{empty}</p>
      ) : (
        <ul className="today-list__items">{children}</ul>
      )}
      {more &&
        (section ? (
          <p>
            <Link to="/admin" search={{ section }}>
              See all
            </Link>
          </p>
        ) : (
          <p className="status-text">The newest {children.length} are shown.</p>
        ))}
    </section>
  );
}

/** What waits on the shop: bookings to verify, acknowledgments out, charges declined, sends given up. */
export function WaitingLists({ reply }: { reply: TodayReply }) {
  const { pendingVerification, awaitingAcknowledgment, declinedCharges, sendsGivenUp } = reply;
  return (
    <div className="today__waiting">
      {/* Both verification states wait here, each item named by its own status: the list is not
          named after one of them (issue 30: one name per state). */}
      <WaitingList
        title="Waiting for verification"
        empty="No booking waits for verification."
        more={pendingVerification.cursor !== null}
        section="bookings"
      >
        {pendingVerification.items.map((b) => (
          <li key={b._id}>
            <strong>{b.customerName}</strong> · {b.serviceName} · {formatLongDate(b.date)}{' '}
            {formatTime(b.time)} · {b.status}
          </li>
        ))}
      </WaitingList>
      <WaitingList
        title="Awaiting acknowledgment"
        empty="No work order waits for the customer."
        more={awaitingAcknowledgment.cursor !== null}
        section="work-orders"
      >
        {awaitingAcknowledgment.items.map((w) => (
          <li key={w._id}>
            <strong>{w.workOrderNumber}</strong> · {w.customerName} · link expires{' '}
            {formatLongDate(w.tokenExpiresAt)}
          </li>
        ))}
      </WaitingList>
      <WaitingList
        title="Declined charges"
        empty="No declined charge."
        more={declinedCharges.cursor !== null}
        section="bookings"
      >
        {declinedCharges.items.map((c) => (
          <li key={c.bookingId}>
            <strong>{c.customerName}</strong> · {c.serviceName} · {formatPrice(c.amount)} ·{' '}
            {c.failureReason ?? 'declined'} ({c.attempts} attempts)
          </li>
        ))}
      </WaitingList>
      <WaitingList
        title="Sends that gave up"
        empty="Every mail and text went out."
        more={sendsGivenUp.cursor !== null}
      >
        {sendsGivenUp.items.map((g) => (
          <li key={g._id}>
            <strong>{g.channel === 'sms' ? 'Text' : 'Mail'}</strong> to {g.to.join(', ')} · {g.summary} · gave
            up {formatLongDate(g.failedAt)} after {g.attempts} attempts ({g.lastError})
          </li>
        ))}
      </WaitingList>
    </div>
  );
}
