import { entity, type Stored } from './store';

/**
 * The customer's "I'll be there" (issue 21; by a text's `C`, issue 36): the
 * booking's `attendanceConfirmedAt` (the desk's "Confirmed by customer"),
 * as a transaction item, only while the booking is Pending or Confirmed at
 * the time it had when read. The reminder's link and a text reply write
 * this one item, each with its own proof in the same transaction.
 */
export function attendanceItem(booking: Pick<Stored, 'id' | 'date' | 'time'>, now: Date) {
  return entity.tx.patch(
    { id: booking.id },
    {
      set: { attendanceConfirmedAt: now.toISOString(), updatedAt: now.toISOString() },
      when: (c) =>
        c.and(
          c.oneOf('status', ['Pending', 'Confirmed']),
          c.eq('date', booking.date),
          c.eq('time', booking.time),
        ),
    },
  );
}
