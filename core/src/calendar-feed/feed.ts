import { createHash } from 'node:crypto';
import { LinkToken } from '../auth/link-token';
import { calendarState, bookingUid } from '../booking/mail-place';
import { entity as bookingEntity, mailInfo, type Stored } from '../booking/store';
import { business } from '../business';
import { type IcsEventInput, icsFeed } from '../calendar/ics';
import { Crew } from '../crew/crew';
import { absoluteUrl } from '../links';
import { Technician } from '../technician/index';
import * as time from '../time';
import { User } from '../user/index';
import { feedEntity } from './store';

/**
 * A calendar subscription feed (issue 36, decision 118), as calendar apps poll
 * it: the jobs of the next FEED_DAYS days of one technician (their
 * days, one Query of the byOwner index), or of every technician for the admin
 * (one such Query per technician), then the bookings they name by key. Each
 * event has the booking mail's UID, SEQUENCE and STATUS (a job cancelled off a
 * day is STATUS:CANCELLED), and no more of the customer than a first name and
 * the town; its link opens the job's day on /tech. The same jobs give the
 * same text (DTSTAMP is the booking's last change), so the ETag holds between
 * changes.
 */

/** How many days a feed lists, today first (issue 36: "the next 60 days"). */
export const FEED_DAYS = 60;
/** How often a feed asks calendar apps to fetch it again (REFRESH-INTERVAL; Google polls on its own). */
const REFRESH_MINUTES = 60;
/** The most jobs one feed lists (the admin's of a large crew): the earliest. */
const MAX_JOBS = 1000;

export type FeedReply = { body: string; etag: string };

type Scope = { name: string; technicians: Technician.Info[]; all: boolean };

/** Whose jobs the feed of `userId` lists; null when the account may no longer have one. */
async function scopeOf(userId: string): Promise<Scope | null> {
  const [user, crew] = await Promise.all([User.find(userId), Technician.list()]);
  if (user?.role === 'admin') return { name: 'All jobs', technicians: crew, all: true };
  const mine = user?.role === 'technician' ? crew.find((t) => t.userId === userId) : undefined;
  return mine?.active
    ? { name: `${mine.firstName} ${mine.lastName}`, technicians: [mine], all: false }
    : null;
}

type Entry = { bookingId: string; date: string; technician: Technician.Info; cancelled: boolean };

/** The jobs (and jobs cancelled off them) of the scope's days in the window, earliest date first. */
async function entries(scope: Scope, from: string, days: number): Promise<Entry[]> {
  const read = await Promise.all(
    scope.technicians.map(async (technician) =>
      (await Crew.window(technician.number, from, days)).flatMap((day) => [
        ...Object.keys(day.jobs).map((bookingId) => ({
          bookingId,
          date: day.date,
          technician,
          cancelled: false,
        })),
        ...day.cancelled
          .filter((job) => !(job.id in day.jobs))
          .map((job) => ({ bookingId: job.id, date: day.date, technician, cancelled: true })),
      ]),
    ),
  );
  const seen = new Set<string>();
  return read
    .flat()
    .sort((a, b) => a.date.localeCompare(b.date))
    .filter((entry) => !seen.has(entry.bookingId) && seen.add(entry.bookingId))
    .slice(0, MAX_JOBS);
}

/** Whether the booking is still what its day says: the technician's live job, or cancelled that day. */
const current = (entry: Entry, b: Stored) =>
  b.date === entry.date &&
  (entry.cancelled ? b.status === 'Cancelled' : b.claim?.technician === entry.technician.number);

const MAX_MINUTES = 7 * 24 * 60;

function eventOf(entry: Entry, b: Stored, scope: Scope): IcsEventInput {
  const firstName = (b.customer?.firstName ?? b.clientFirstName).trim() || 'Customer';
  const area = b.serviceAddress ? `${b.serviceAddress.city}, ${b.serviceAddress.state}` : business.area;
  const technician = `${entry.technician.firstName} ${entry.technician.lastName}`;
  const page = absoluteUrl(
    `/tech?date=${b.date}${scope.all ? `&technician=${entry.technician.number}` : ''}`,
  );
  return {
    uid: bookingUid(b.id),
    date: b.date,
    time: b.time,
    durationMinutes: Math.min(MAX_MINUTES, Math.max(1, b.durationMinutes)),
    summary: `${b.serviceName}: ${firstName}${scope.all ? ` (${entry.technician.firstName})` : ''}`,
    description: [
      `Customer: ${firstName}`,
      `Area: ${area}`,
      `Service: ${b.serviceName}`,
      ...(scope.all ? [`Technician: ${technician}`] : []),
      `The job: ${page}`,
    ].join('\n'),
    location: area,
    organizerEmail: business.email,
    organizerName: business.name,
    url: page,
    stamp: b.updatedAt,
    ...calendarState(mailInfo(b), entry.cancelled),
  };
}

/** The feed of `token` (a wrong or replaced one, or one whose owner may no longer have a feed: 404). */
export async function feed(token: string): Promise<FeedReply> {
  const { subject } = await LinkToken.view('calendar-feed', token, {
    subject: {
      load: (userId) => feedEntity.get({ userId }, { consistent: true }),
      linkOf: (f) => f.tokenHash,
    },
  });
  const scope = await scopeOf(subject.userId);
  if (!scope) LinkToken.refuse('invalid', 'calendar-feed');
  const list = await entries(scope, time.today(), FEED_DAYS);
  const bookings = new Map(
    (await bookingEntity.getMany(list.map((entry) => ({ id: entry.bookingId })))).map((b) => [b.id, b]),
  );
  const events = list.flatMap((entry) => {
    const b = bookings.get(entry.bookingId);
    return b && current(entry, b)
      ? [{ at: `${b.date}T${b.time}#${b.id}`, event: eventOf(entry, b, scope) }]
      : [];
  });
  const body = icsFeed({
    name: `${business.name}: ${scope.name}`,
    refreshMinutes: REFRESH_MINUTES,
    events: events.sort((a, b) => a.at.localeCompare(b.at)).map((e) => e.event),
  });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"` };
}
