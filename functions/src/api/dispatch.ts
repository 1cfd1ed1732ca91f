import { Booking } from '@app/core/booking/index';
import type { BusyCalendar } from '@app/core/crew/busy-calendar';
import { Dispatch } from '@app/core/dispatch/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { type DeclinedChargeReply, declinedReply } from './payments';
import { type ProgressReply, progressReply, type UpcomingJobReply, upcomingReply } from './replies';
import { invalidInput } from './validation';

/** A job on Today or the dispatch board (issue 22): where and when, for whom, its state and its technician. */
export type BoardJobReply = {
  _id: string;
  date: string;
  time: string;
  duration: number;
  status: Booking.Row['status'];
  state: Dispatch.JobState;
  progress: ProgressReply;
  serviceName: string;
  customerName: string;
  vehicle: string;
  address: string | null;
  /** The technician's number; null: unassigned. */
  technician: number | null;
  /** The drive from the previous stop (or the base), in minutes; null when unassigned. */
  driveMinutes: number | null;
};

export type LaneReply = Dispatch.Lane;

export type BoardReply = {
  from: string;
  days: number;
  technicians: LaneReply[];
  jobs: BoardJobReply[];
  moreUnassigned: boolean;
};

export type TodayReply = {
  date: string;
  technicians: LaneReply[];
  jobs: BoardJobReply[];
  moreUnassigned: boolean;
  pendingVerification: {
    items: UpcomingJobReply[];
    cursor: string | null;
  };
  awaitingAcknowledgment: {
    items: {
      _id: string;
      workOrderNumber: string;
      customerName: string;
      relatedBooking: string | null;
      tokenExpiresAt: string;
    }[];
    cursor: string | null;
  };
  declinedCharges: { items: DeclinedChargeReply[]; cursor: string | null };
  /** Mail and texts the outbox gave up on, newest first (the error is the provider's, for the shop to act on). */
  sendsGivenUp: {
    items: {
      _id: string;
      channel: 'mail' | 'sms';
      to: string[];
      summary: string;
      attempts: number;
      failedAt: string;
      lastError: string;
    }[];
    cursor: string | null;
  };
  /** Whether texts are on (decision 084): off, Today says so plainly. */
  texts: { on: boolean };
  /** Technicians' own calendar addresses whose reads fail (decision 119): who, the address masked, why, since when. */
  busyCalendars: BusyCalendar.Failing[];
};

const customerName = (b: Booking.Row) =>
  b.customer ? `${b.customer.firstName} ${b.customer.lastName}` : `${b.clientFirstName} ${b.clientLastName}`;

const addressLine = (b: Booking.Row) => {
  const a = b.serviceAddress;
  return a ? `${a.street}${a.unit ? `, ${a.unit}` : ''}, ${a.city}, ${a.state} ${a.zipCode}` : null;
};

export const boardJobReply = ({
  booking: b,
  technician,
  driveMinutes,
}: Dispatch.BoardJob): BoardJobReply => ({
  _id: b.id,
  date: b.date,
  time: b.time,
  duration: b.durationMinutes,
  status: b.status,
  state: Dispatch.jobState(b.status, b.progress),
  progress: progressReply(b),
  serviceName: b.serviceName,
  customerName: customerName(b),
  vehicle: [b.vehicleYear, b.vehicleMake, b.vehicleModel].filter(Boolean).join(' '),
  address: addressLine(b),
  technician,
  driveMinutes,
});

/**
 * /api/admin/today and /api/admin/dispatch (issue 22, decision 081), behind
 * the /api/admin guard (./index.ts); core checks the role again.
 */
export const dispatch = new Hono()
  .get('/today', zValidator('query', Dispatch.today.schema, invalidInput), async (c) => {
    const view = await Dispatch.today(c.req.valid('query'));
    const reply: TodayReply = {
      date: view.date,
      technicians: view.technicians,
      jobs: view.jobs.map(boardJobReply),
      moreUnassigned: view.moreUnassigned,
      pendingVerification: {
        items: view.pendingVerification.items.map(upcomingReply),
        cursor: view.pendingVerification.cursor,
      },
      awaitingAcknowledgment: {
        items: view.awaitingAcknowledgment.items.map((w) => ({
          _id: w.id,
          workOrderNumber: w.workOrderNumber,
          customerName: w.customerName,
          relatedBooking: w.relatedBooking,
          tokenExpiresAt: w.tokenExpiresAt,
        })),
        cursor: view.awaitingAcknowledgment.cursor,
      },
      declinedCharges: {
        items: view.declinedCharges.items.map(declinedReply),
        cursor: view.declinedCharges.cursor,
      },
      sendsGivenUp: {
        items: view.sendsGivenUp.items.map((g) => ({
          _id: g.id,
          channel: g.channel,
          to: g.to,
          summary: g.summary.slice(0, 200),
          attempts: g.attempts,
          failedAt: g.failedAt,
          lastError: g.lastError.slice(0, 200),
        })),
        cursor: view.sendsGivenUp.cursor,
      },
      texts: view.texts,
      busyCalendars: view.busyCalendars,
    };
    return c.json(reply);
  })
  .get('/dispatch', zValidator('query', Dispatch.board.schema, invalidInput), async (c) => {
    const view = await Dispatch.board(c.req.valid('query'));
    const reply: BoardReply = {
      from: view.from,
      days: view.days,
      technicians: view.technicians,
      jobs: view.jobs.map(boardJobReply),
      moreUnassigned: view.moreUnassigned,
    };
    return c.json(reply);
  });
