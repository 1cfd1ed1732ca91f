import { entity as bookings, isOpen, type Stored as Booking } from '../booking/store';
import { entity as accounts, mobilePartition, type StoredAccount } from '../user/store';
import * as time from '../time';

/**
 * Who a text is from (issue 36): the customers whose number it is (texts'
 * mobile, else their phone, in E.164: the `byOwner` index `MOBILE#<number>`),
 * and the booking it is about: their next open one.
 */

/** At most this many accounts share one number (a family): more are not read. */
const ACCOUNTS_PER_NUMBER = 10;
/** Each account's open bookings read from yesterday on (a visit running late past midnight). */
const BOOKINGS_READ = 20;

export async function customersAt(number: string): Promise<StoredAccount[]> {
  const page = await accounts.query({
    index: 'byOwner',
    partition: mobilePartition(number),
    limit: ACCOUNTS_PER_NUMBER,
  });
  return page.items.filter((account) => account.role === 'user');
}

/** A visit under way: the technician is on the way, there, or working, and it is not closed. */
export const underway = (b: Pick<Booking, 'status' | 'progress' | 'claim'>): boolean =>
  isOpen(b.status) &&
  b.claim !== undefined &&
  Boolean(b.progress?.onMyWayAt || b.progress?.arrivedAt || b.progress?.startedAt);

const endOf = (b: Booking) => Date.parse(time.instantOf(b.date, b.time)) + b.durationMinutes * 60_000;

/**
 * The booking a text is about: of the customers' open bookings, a visit under
 * way first, else the next one not yet over; undefined when there is none.
 */
export async function nextOpenBooking(
  customers: readonly StoredAccount[],
  now: Date,
): Promise<{ booking: Booking; account: StoredAccount } | undefined> {
  const from = time.addDays(time.today(now), -1);
  const found = await Promise.all(
    customers.map(async (account) => {
      const page = await bookings.query.byCustomer(
        { userId: account.id },
        { range: { from: { date: from } }, limit: BOOKINGS_READ, filter: (b) => isOpen(b.status) },
      );
      return page.items.map((booking) => ({ booking, account }));
    }),
  );
  const open = found.flat().sort((a, b) => endOf(a.booking) - endOf(b.booking));
  return open.find((o) => underway(o.booking)) ?? open.find((o) => endOf(o.booking) >= now.getTime());
}
