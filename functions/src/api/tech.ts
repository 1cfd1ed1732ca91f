import { directionsUrl } from '@app/core/address/format';
import { Booking } from '@app/core/booking/index';
import { Dispatch } from '@app/core/dispatch/index';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { requireStaff } from './auth';
import { type ProgressReply, progressReply, type ServiceAddressReply, serviceAddressReply } from './replies';
import { invalidInput } from './validation';

/** One job of the technician's day as the phone reads it (issue 22, decision 079). */
export type TechJobReply = {
  _id: string;
  status: Booking.Stored['status'];
  date: string;
  /** The booked time (HH:mm, business zone) and the job's start and end as instants. */
  time: string;
  start: string;
  end: string;
  duration: number;
  /** Minutes of driving from the stop before; `fromBase` for the day's first job. */
  driveMinutes: number;
  fromBase: boolean;
  serviceAddress: ServiceAddressReply | null;
  /** A maps link with route guidance to the address; null when the job has none. */
  directionsUrl: string | null;
  customer: { firstName: string; lastName: string; email: string; phone: string | null };
  vehicle: { year: number; make: string; model: string; color: string };
  /** The garage vehicle (decision 117), whose open recommended work the job shows; null when none. */
  vehicleId?: string | null;
  serviceName: string;
  notes: string;
  /** The customer's photos (issue 34): ids, each served by `GET /api/bookings/{_id}/photos/{id}`. */
  photos: string[];
  serviceStatus: string;
  progress: ProgressReply;
  workOrderId: string | null;
};

export type TechDayReply = {
  date: string;
  technician: { number: number; firstName: string; lastName: string };
  jobs: TechJobReply[];
};

function jobReply(job: Dispatch.TechJob, index: number): TechJobReply {
  const b = job.booking;
  const address = b.serviceAddress;
  return {
    _id: b.id,
    status: b.status,
    date: b.date,
    time: b.time,
    start: job.start,
    end: job.end,
    duration: b.durationMinutes,
    driveMinutes: job.driveMinutes,
    fromBase: index === 0,
    serviceAddress: serviceAddressReply(b),
    directionsUrl: address ? directionsUrl(address) : null,
    customer: {
      firstName: b.customer?.firstName ?? b.clientFirstName,
      lastName: b.customer?.lastName ?? b.clientLastName,
      email: b.customer?.email ?? '',
      phone: job.phone,
    },
    vehicle: { year: b.vehicleYear, make: b.vehicleMake, model: b.vehicleModel, color: b.vehicleColor },
    vehicleId: b.vehicleId ?? null,
    serviceName: b.serviceName,
    notes: b.notes,
    photos: (b.photos ?? []).map((p) => p.id),
    serviceStatus: b.serviceStatus,
    progress: progressReply(b),
    workOrderId: job.workOrderId,
  };
}

/** /api/tech: the technician's phone (issue 22). */
export const tech = new Hono().get(
  '/day',
  requireStaff,
  zValidator('query', Dispatch.TechDayInput, invalidInput),
  async (c) => {
    const day = await Dispatch.techDay(c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    const reply: TechDayReply = {
      date: day.date,
      technician: {
        number: day.technician.number,
        firstName: day.technician.firstName,
        lastName: day.technician.lastName,
      },
      jobs: day.jobs.map(jobReply),
    };
    return c.json(reply);
  },
);
