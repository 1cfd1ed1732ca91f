import { app } from '../functions/src/api/index';
import { pagesBuilt } from '../functions/src/api/pages';
import type { BookingReply } from '../functions/src/api/bookings';
import { AHEAD_OF_ITS_DAY, bookingBody, nextDate, send } from './booking-factories';
import { customBookingBody, phoneClient } from './desk-bookings';
import { createPost, createTestimonial } from './content-factories';
import * as time from '@app/core/time';
import { TimeSlot } from '@app/core/timeslot/index';
import { Service } from '@app/core/service/index';
import { SavedAddress } from '@app/core/address/index';
import { Garage } from '@app/core/garage/index';
import { Plan } from '@app/core/plan/index';
import { withActor } from '@app/core/actor';
import { BookingLink } from '@app/core/booking/link';
import { asAdmin, createService, createTechnician, createUserWithCard } from './factories';
import { pngImage } from './images';
import { cameraJpeg, createWorkOrder, postPhoto, postPhotoTo } from './workorder-factories';

/**
 * Every route of the API with how to call it: who may (the authorization
 * matrix), concrete parameters and a valid body (the matrix and the fuzz
 * suite). Each later issue adds its routes here; both suites fail on a route
 * of the app that is missing.
 *
 *   anyone: every caller gets the route's normal answer;
 *   user:   nobody gets 401; A, B and the admin get the normal answer;
 *   owner:  nobody 401; A (the owner) the normal answer; B 403 or 404; the admin the normal answer;
 *   admin:  nobody 401; A and B 403; the admin the normal answer;
 *   customer: nobody 401; A and B the normal answer; the admin 403 (a customer's own things: addresses);
 *   customerOwner: nobody 401; A (the owner) the normal answer; B 404; the admin 403;
 *   staff:  nobody 401; A and B 403; the admin (and the job's technician, issue 22) the normal answer.
 *
 * The technician caller (issue 22) is technician 1, whose are all the fixtures' bookings: see `technician`.
 */
export type Access = 'anyone' | 'user' | 'owner' | 'admin' | 'customer' | 'customerOwner' | 'staff';

export type Fixtures = Awaited<ReturnType<typeof makeFixtures>>;

export type Route = {
  access: Access;
  /** The concrete path (parameters filled from the fixtures). */
  path: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  /** The normal answer for a caller who may use the route (default: 200). */
  ok?: number;
  /**
   * What technician 1 (the job's technician for every fixture booking, issue 22) gets, where it is
   * not the access's default (anyone and user: the normal answer; owner and customerOwner: 403 or
   * 404; admin and customer: 403; staff: the normal answer).
   */
  technician?: string;
};

/** A garage vehicle (issue 34), for the vehicle routes: a VIN the vPIC stand-in knows. */
const garageVehicle = { year: 2019, make: 'Ford', model: 'F-150', color: 'Red', vin: '1FTEW1E56KFA12345' };
/** Ids of the right shape that name nothing (recommended work's routes). */
const NO_VEHICLE = 'veh_01JAAAAAAAAAAAAAAAAAAAAAAA';
const NO_RECOMMENDATION = 'rec_01JAAAAAAAAAAAAAAAAAAAAAAA';

/** The admin's plan form (issue 35) on the wire, for a service. */
const planBody = (serviceId: string) => ({
  name: 'Matrix plan',
  description: 'Every month on its last day.',
  serviceId,
  recurrence: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=-1',
  priceKind: 'per-visit',
  price: 80,
  discountPercent: 10,
  autoRenew: true,
  minimumMonths: 0,
  cancellation: 'Any time from Account Settings.',
  active: true,
});

/**
 * Service plans (issue 35): a plan of a service of its own (afternoon times, clear of the fixtures'
 * 09:00 bookings), and A's enrolments, one per route that changes one (each vehicle its own, each
 * visit its own time); `vehicle` is A's vehicle the enrol route enrols.
 */
async function planFixtures(a: { _id: string; firstName: string }) {
  const service = await createService({
    availableDays: [],
    availableTimes: ['13:00', '14:00', '15:00', '16:00', '17:00'],
  });
  const { price: _price, priceKind: _kind, ...fields } = planBody(service._id);
  const plan = await asAdmin(() => Plan.createPlan({ ...fields, priceKind: 'per-visit', priceCents: 8000 }));
  const firstDate = time.addDays(time.today(), 2);
  return withActor({ type: 'user', userId: a._id, role: 'user', firstName: a.firstName }, async () => {
    const addressId = (await SavedAddress.defaultOf(a._id))!.id;
    const vehicleOf = async (model: string) => (await Garage.addMine({ ...garageVehicle, model })).id;
    const enrolled = async (model: string, at: string) =>
      Plan.enrol({
        planId: plan.id,
        vehicleId: await vehicleOf(model),
        addressId,
        firstDate,
        time: at,
        agree: true,
      });
    const skip = await enrolled('Skip', '14:00');
    const pause = await enrolled('Pause', '15:00');
    const resume = await enrolled('Resume', '16:00');
    const cancel = await enrolled('Cancel', '17:00');
    await Plan.pause(resume.id);
    // The skip enrolment's "Manage your plan" link (decision 133): its page for every caller.
    const link = await Plan.issuePlanLink(skip);
    return {
      plan,
      addressId,
      firstDate,
      vehicle: await vehicleOf('Enrol'),
      skip,
      pause,
      resume,
      cancel,
      link,
    };
  });
}

/** A second address inside the default area (Exton, PA), for the address routes. */
const otherAddress = { street: '100 E Lincoln Hwy', city: 'Exton', state: 'PA', zipCode: '19341' };

export const routes: Record<string, Route> = {
  'GET /api/services': { access: 'anyone', path: () => '/api/services' },
  'GET /api/services/:id': { access: 'anyone', path: (f) => `/api/services/${f.service._id}` },
  'POST /api/users/register': {
    access: 'anyone',
    path: () => '/api/users/register',
    body: () => ({
      firstName: 'Matrix',
      lastName: 'Test',
      email: `matrix-${crypto.randomUUID().slice(0, 8)}@example.com`,
      password: 'matrix-password-1',
    }),
  },
  'GET /api/users/verify-email/:token': {
    access: 'anyone',
    path: () => `/api/users/verify-email/${'x'.repeat(43)}`,
    ok: 400,
  },
  'POST /api/users/resend-verification': {
    access: 'anyone',
    path: () => '/api/users/resend-verification',
    body: () => ({ email: `nobody-${crypto.randomUUID().slice(0, 8)}@example.com` }),
  },
  'POST /api/users/login': {
    access: 'anyone',
    path: () => '/api/users/login',
    body: (f) => ({ email: f.b.email, password: f.b.password }),
  },
  'GET /api/users/me': { access: 'user', path: () => '/api/users/me' },
  'POST /api/users/change-password': {
    access: 'user',
    path: () => '/api/users/change-password',
    // A wrong current password: the answer (400) proves the caller got past authorization without changing it.
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-password-8' }),
    ok: 400,
  },
  'POST /api/users/forgot-password': {
    access: 'anyone',
    path: () => '/api/users/forgot-password',
    body: () => ({ email: `nobody-${crypto.randomUUID().slice(0, 8)}@example.com` }),
  },
  'POST /api/users/reset-password': {
    access: 'anyone',
    path: () => '/api/users/reset-password',
    body: () => ({ token: 'x'.repeat(43), password: 'another-password-8' }),
    ok: 400,
  },
  'POST /api/service-request': {
    access: 'anyone',
    path: () => '/api/service-request',
    body: () => ({
      name: 'Matrix',
      email: 'matrix@example.com',
      generalIssue: 'Brakes',
      detailedDescription: 'Squeal',
      carMake: 'Honda',
      carModel: 'Civic',
      vin: '1HGCM82633A004352',
    }),
  },
  'POST /api/contact': {
    access: 'anyone',
    path: () => '/api/contact',
    body: () => ({
      name: 'Matrix',
      email: `matrix-${crypto.randomUUID().slice(0, 8)}@example.com`,
      subject: 'Hi',
      message: 'Hello',
    }),
  },
  'GET /api/testimonials': { access: 'anyone', path: () => '/api/testimonials' },
  'GET /api/testimonials/featured': { access: 'anyone', path: () => '/api/testimonials/featured' },
  'PUT /api/testimonials/:id/vote': {
    access: 'user',
    path: (f) => `/api/testimonials/${f.testimonial._id}/vote`,
    body: () => ({ voteType: 'like' }),
  },
  'GET /api/google-reviews': { access: 'anyone', path: () => '/api/google-reviews' },
  'GET /api/posts': { access: 'anyone', path: () => '/api/posts' },
  'GET /api/posts/:slug': { access: 'anyone', path: (f) => `/api/posts/${f.post.slug}` },
  'GET /api/posts/:id/comments': { access: 'anyone', path: (f) => `/api/posts/${f.post._id}/comments` },
  'PUT /api/posts/:id/like': { access: 'user', path: (f) => `/api/posts/${f.post._id}/like` },
  'POST /api/comments': {
    access: 'user',
    path: () => '/api/comments',
    body: (f) => ({ text: 'A comment from the matrix.', postId: f.post._id }),
    ok: 201,
  },
  'GET /api/payments/config': { access: 'anyone', path: () => '/api/payments/config' },
  'POST /api/payments/save-card': {
    access: 'user',
    path: () => '/api/payments/save-card',
    // Square sandbox's test token that saves a card (the local Square stand-in accepts it any number of times).
    body: () => ({ sourceId: 'cnon:card-nonce-ok' }),
  },
  'GET /api/services/:id/availability': {
    access: 'anyone',
    path: (f) => `/api/services/${f.openService._id}/availability?date=${nextDate()}`,
  },
  'POST /api/bookings': {
    access: 'user',
    path: () => '/api/bookings',
    // Every call books a day of its own, so each caller (all have a card on file) gets its 201. The
    // admin keeps no saved address (issue 20), so the body names one.
    body: (f) => bookingBody(f.openService._id, nextDate(), '09:00', { serviceAddress: otherAddress }),
    ok: 201,
  },
  'GET /api/bookings': { access: 'user', path: () => '/api/bookings' },
  'PUT /api/bookings/:id': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookings.edit._id}`,
    body: () => ({
      vehicleMake: 'Mazda',
      vehicleModel: '3',
      vehicleYear: 2020,
      vehicleColor: 'Grey',
      notes: '',
    }),
  },
  // Issue 20: the owner (or the admin) moves a Pending booking to another address.
  'PATCH /api/bookings/:id/address': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookings.address._id}/address`,
    body: () => ({ serviceAddress: otherAddress }),
  },
  // Issue 21 (decision 075): the owner (or the admin) reschedules; each call moves to a day of its own.
  'GET /api/bookings/:id/reschedule': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookings.reschedule._id}/reschedule`,
  },
  'GET /api/bookings/:id/reschedule/times': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookings.reschedule._id}/reschedule/times?date=${nextDate()}`,
  },
  'POST /api/bookings/:id/reschedule': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookings.reschedule._id}/reschedule`,
    body: () => ({ date: nextDate(), time: '09:00' }),
  },
  // Issue 21: the same by a reminder's link, without signing in. The move to the booking's own time is
  // refused (400) past the link's checks, leaving the link unused for the next caller.
  'GET /api/booking-links/:token/reschedule': {
    access: 'anyone',
    path: (f) => `/api/booking-links/${f.link}/reschedule`,
  },
  'GET /api/booking-links/:token/reschedule/times': {
    access: 'anyone',
    path: (f) => `/api/booking-links/${f.link}/reschedule/times?date=${nextDate()}`,
  },
  'POST /api/booking-links/:token/reschedule': {
    access: 'anyone',
    path: (f) => `/api/booking-links/${f.link}/reschedule`,
    body: (f) => ({ date: f.bookings.linked.date, time: '09:00' }),
    ok: 400,
  },
  // Issue 20: a customer's saved addresses (admins keep none: 403), and the admin's read of a customer's.
  // Service plans (issue 35): the offered plans, the admin's, and a customer's own enrolments.
  'GET /api/plans': { access: 'anyone', path: () => '/api/plans' },
  'GET /api/plans/:id/visits': {
    access: 'anyone',
    path: (f) => `/api/plans/${f.plans.plan.id}/visits?from=${time.addDays(time.today(), 2)}`,
  },
  'GET /api/admin/plans': { access: 'admin', path: () => '/api/admin/plans' },
  'POST /api/admin/plans': {
    access: 'admin',
    path: () => '/api/admin/plans',
    body: (f) => planBody(f.plans.plan.serviceId),
    ok: 201,
  },
  'PUT /api/admin/plans/:id': {
    access: 'admin',
    path: (f) => `/api/admin/plans/${f.plans.plan.id}`,
    body: (f) => planBody(f.plans.plan.serviceId),
  },
  'GET /api/plans/enrolments': { access: 'customer', path: () => '/api/plans/enrolments' },
  'POST /api/plans/enrolments': {
    access: 'customerOwner',
    path: () => '/api/plans/enrolments',
    body: (f) => ({
      planId: f.plans.plan.id,
      vehicleId: f.plans.vehicle,
      addressId: f.plans.addressId,
      firstDate: f.plans.firstDate,
      time: '13:00',
      agree: true,
    }),
    ok: 201,
  },
  'POST /api/plans/enrolments/:id/skip': {
    access: 'customerOwner',
    path: (f) => `/api/plans/enrolments/${f.plans.skip.id}/skip`,
    body: (f) => ({ date: f.plans.skip.startDate }),
  },
  'POST /api/plans/enrolments/:id/visits': {
    access: 'customerOwner',
    path: (f) => `/api/plans/enrolments/${f.plans.skip.id}/visits`,
    body: (f) => ({ date: f.plans.skip.startDate, at: { date: f.plans.skip.startDate, time: '13:00' } }),
    // Nothing of this enrolment waits for a time: refused, as the route should.
    ok: 409,
  },
  'POST /api/plans/enrolments/:id/pause': {
    access: 'customerOwner',
    path: (f) => `/api/plans/enrolments/${f.plans.pause.id}/pause`,
  },
  'POST /api/plans/enrolments/:id/resume': {
    access: 'customerOwner',
    path: (f) => `/api/plans/enrolments/${f.plans.resume.id}/resume`,
  },
  'POST /api/plans/enrolments/:id/cancel': {
    access: 'customerOwner',
    path: (f) => `/api/plans/enrolments/${f.plans.cancel.id}/cancel`,
  },
  // A plan by its mails' link (decisions 133, 134), without signing in: the page by a real link; the actions by an
  // unknown one, 404 for everyone (functions/src/api/plans.link.api.test.ts covers real links and their race).
  'GET /api/plans/link/:token': { access: 'anyone', path: (f) => `/api/plans/link/${f.plans.link}` },
  // A new link mailed to the plan's customer (decision 134): asked for by any known link, for everyone.
  'POST /api/plans/link/:token/resend': {
    access: 'anyone',
    path: (f) => `/api/plans/link/${f.plans.link}/resend`,
  },
  'POST /api/plans/link/:token/skip': {
    access: 'anyone',
    path: () => `/api/plans/link/${'x'.repeat(43)}/skip`,
    body: (f) => ({ date: f.plans.skip.startDate }),
    ok: 404,
  },
  'POST /api/plans/link/:token/pause': {
    access: 'anyone',
    path: () => `/api/plans/link/${'x'.repeat(43)}/pause`,
    ok: 404,
  },
  'POST /api/plans/link/:token/resume': {
    access: 'anyone',
    path: () => `/api/plans/link/${'x'.repeat(43)}/resume`,
    ok: 404,
  },
  'POST /api/plans/link/:token/cancel': {
    access: 'anyone',
    path: () => `/api/plans/link/${'x'.repeat(43)}/cancel`,
    ok: 404,
  },
  'GET /api/users/me/addresses': { access: 'customer', path: () => '/api/users/me/addresses' },
  // Texts consent and notice channels (issue 21): a customer's own settings.
  'GET /api/users/me/notifications': { access: 'customer', path: () => '/api/users/me/notifications' },
  'PUT /api/users/me/notifications': {
    access: 'customer',
    path: () => '/api/users/me/notifications',
    body: () => ({ texts: { optIn: true, mobile: '(610) 555-0188' }, preferences: { reminder: 'text' } }),
  },
  'POST /api/users/me/addresses': {
    access: 'customer',
    path: () => '/api/users/me/addresses',
    // A unit of its own each call: the same place twice is a duplicate (409, issue 30).
    body: () => ({ ...otherAddress, unit: `Unit ${crypto.randomUUID().slice(0, 8)}` }),
    ok: 201,
  },
  'PUT /api/users/me/addresses/:id': {
    access: 'customerOwner',
    path: (f) => `/api/users/me/addresses/${f.addresses.edit}`,
    body: () => ({ ...otherAddress, unit: 'Suite 2' }),
  },
  'DELETE /api/users/me/addresses/:id': {
    access: 'customerOwner',
    path: (f) => `/api/users/me/addresses/${f.addresses.doomed}`,
  },
  'GET /api/admin/users/:id/addresses': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.a._id}/addresses`,
  },
  // Issue 34: a customer's garage (staff keep none: 403), the desk's read of a customer's, the VIN
  // decode (any signed-in caller), and a vehicle's history (its customer, the desk, the job's technician).
  'GET /api/users/me/vehicles': { access: 'customer', path: () => '/api/users/me/vehicles' },
  'POST /api/users/me/vehicles': {
    access: 'customer',
    path: () => '/api/users/me/vehicles',
    body: () => garageVehicle,
    ok: 201,
  },
  'PUT /api/users/me/vehicles/:id': {
    access: 'customerOwner',
    path: (f) => `/api/users/me/vehicles/${f.vehicles.edit}`,
    body: () => ({ ...garageVehicle, color: 'Green' }),
  },
  'DELETE /api/users/me/vehicles/:id': {
    access: 'customerOwner',
    path: (f) => `/api/users/me/vehicles/${f.vehicles.doomed}`,
  },
  'POST /api/users/me/vehicles/:id/mileage': {
    access: 'customerOwner',
    path: (f) => `/api/users/me/vehicles/${f.vehicles.edit}/mileage`,
    body: () => ({ miles: 52000 }),
    ok: 201,
  },
  'GET /api/users/me/vehicles/:id/history': {
    access: 'customerOwner',
    path: (f) => `/api/users/me/vehicles/${f.vehicles.edit}/history`,
  },
  'GET /api/admin/users/:id/vehicles': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.a._id}/vehicles`,
  },
  'POST /api/admin/users/:id/vehicles': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.b._id}/vehicles`,
    body: () => garageVehicle,
    ok: 201,
  },
  'PUT /api/admin/users/:id/vehicles/:vehicleId': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.a._id}/vehicles/${f.vehicles.edit}`,
    body: () => ({ ...garageVehicle, color: 'Silver' }),
  },
  'DELETE /api/admin/users/:id/vehicles/:vehicleId': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.a._id}/vehicles/${f.vehicles.deskDoomed}`,
  },
  'GET /api/admin/users/:id/vehicles/:vehicleId/history': {
    access: 'admin',
    path: (f) => `/api/admin/users/${f.a._id}/vehicles/${f.vehicles.edit}/history`,
  },
  'GET /api/vehicles/decode/:vin': { access: 'user', path: () => '/api/vehicles/decode/1FTEW1E56KFA12345' },
  'GET /api/tech/jobs/:id/history': {
    access: 'staff',
    path: (f) => `/api/tech/jobs/${f.bookings.edit._id}/history`,
  },
  'PATCH /api/bookings/:id/cancel': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookings.cancel._id}/cancel`,
  },
  'PATCH /api/bookings/:id/status': {
    // The job's technician may send Completed only (decision 079); this call sets the progress text.
    technician: '403',
    access: 'staff',
    path: (f) => `/api/bookings/${f.bookings.status._id}/status`,
    body: () => ({ serviceStatus: 'Technician on the way' }),
  },
  // --- Keeping customers in the loop: the visit's progress and tracking (issue 21, decision 076) ---
  // The fixture's booking is not today's: 409 proves the caller got past authorization, nothing written.
  'POST /api/bookings/:id/progress': {
    access: 'staff',
    path: (f) => `/api/bookings/${f.bookings.status._id}/progress`,
    body: () => ({ step: 'arrived' }),
    ok: 409,
  },
  // The booking a review request names (issue 21): A's is not Completed yet, so 409 past authorization.
  'GET /api/bookings/:id/review': {
    access: 'customerOwner',
    path: (f) => `/api/bookings/${f.bookings.edit._id}/review`,
    ok: 409,
  },
  // A link's token of the right shape that no visit has: 404 `{ msg, reason }`, the same for everyone.
  'GET /api/track/:token': { access: 'anyone', path: () => `/api/track/${'x'.repeat(43)}`, ok: 404 },
  // Issue 36 (decision 118): a staff member's own calendar feed address, and the feed by its secret address.
  'GET /api/calendar/address': { access: 'staff', path: () => '/api/calendar/address' },
  'POST /api/calendar/address': { access: 'staff', path: () => '/api/calendar/address' },
  'GET /api/calendar/:file': { access: 'anyone', path: () => `/api/calendar/${'x'.repeat(43)}.ics`, ok: 404 },
  // The review request's one-click unsubscribe (RFC 8058): a link no account has, 404 `{ msg }` for everyone.
  'POST /api/unsubscribe/:token': {
    access: 'anyone',
    path: () => `/api/unsubscribe/${'x'.repeat(43)}`,
    ok: 404,
  },
  // --- Getting paid (issue 23, decisions 068-069) ---
  'GET /api/bookings/:id/cancel-preview': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookings.edit._id}/cancel-preview`,
  },
  // Issue 30 (decision 090): what completing charges and to which card; the job's technician too.
  'GET /api/bookings/:id/charge-preview': {
    access: 'staff',
    path: (f) => `/api/bookings/${f.bookings.status._id}/charge-preview`,
  },
  'GET /api/bookings/:id/charge-options': {
    access: 'admin',
    path: (f) => `/api/bookings/${f.bookings.status._id}/charge-options`,
  },
  // Not completed and not declined: refused (409) once past authorization; payments.charges.api.test.ts retries for real.
  'POST /api/bookings/:id/retry-charge': {
    access: 'admin',
    path: (f) => `/api/bookings/${f.bookings.status._id}/retry-charge`,
    ok: 409,
  },
  // Not paid: refused (409) once past authorization; payments.charges.api.test.ts refunds for real.
  'POST /api/bookings/:id/refunds': {
    access: 'admin',
    path: (f) => `/api/bookings/${f.bookings.status._id}/refunds`,
    body: () => ({ amount: 1, reason: 'Matrix' }),
    ok: 409,
  },
  'GET /api/payments/declined': { access: 'admin', path: () => '/api/payments/declined?limit=5' },
  'GET /api/payments/cancellation-policy': {
    access: 'anyone',
    path: () => '/api/payments/cancellation-policy',
  },
  'GET /api/timeslots/system-stats': { access: 'admin', path: () => '/api/timeslots/system-stats' },
  'POST /api/testimonials': {
    access: 'user',
    path: () => '/api/testimonials',
    // A review is multipart; this JSON one is refused (400), which proves the caller got past authorization.
    // functions/src/api/testimonials.reviews.api.test.ts covers real reviews of Completed bookings.
    body: (f) => ({ serviceId: f.openService._id, quote: 'Great', rating: 5 }),
    ok: 400,
  },

  // --- The admin's bookings desk (issue 11) ---
  'GET /api/bookings/all': { access: 'admin', path: () => '/api/bookings/all?service=custom&limit=5' },
  'GET /api/bookings/:id/history': {
    access: 'admin',
    path: (f) => `/api/bookings/${f.desk.custom._id}/history`,
  },
  'POST /api/bookings/admin-create': {
    access: 'admin',
    path: () => '/api/bookings/admin-create',
    // A catalogue service's booking on a day of its own (no isCustomService, duration or price: the
    // fuzz suite's broken values must never make a valid body of it).
    body: (f) => ({
      serviceId: f.openService._id,
      date: nextDate(),
      time: '10:00',
      ...phoneClient,
    }),
    ok: 201,
  },
  'PATCH /api/bookings/:id/assign-customer': {
    access: 'admin',
    path: (f) => `/api/bookings/${f.desk.custom._id}/assign-customer`,
    body: (f) => ({ customerId: f.a._id, customerEmail: f.a.email }),
  },
  'GET /api/bookings/verify-custom-booking/:token': {
    access: 'anyone',
    path: () => `/api/bookings/verify-custom-booking/${'x'.repeat(43)}`,
    ok: 404,
  },
  'POST /api/bookings/verify-custom-booking/:token': {
    access: 'anyone',
    path: () => `/api/bookings/verify-custom-booking/${'x'.repeat(43)}`,
    body: () => ({ confirmed: true, customerName: 'Pat Phoner', customerEmail: 'pat@example.com' }),
    ok: 404,
  },
  'GET /api/admin/users': { access: 'admin', path: () => '/api/admin/users' },
  // --- Recommended work (issue 33, decision 126) ---
  'GET /api/admin/recommendations': { access: 'admin', path: () => '/api/admin/recommendations?limit=5' },
  // A line no vehicle has: 409 (no longer open) proves the caller got past authorization, nothing written.
  'POST /api/admin/recommendations/:vehicleId/:id/dismiss': {
    access: 'admin',
    path: () => `/api/admin/recommendations/${NO_VEHICLE}/${NO_RECOMMENDATION}/dismiss`,
    ok: 409,
  },
  'POST /api/admin/recommendations/:vehicleId/:id/book': {
    access: 'admin',
    path: () => `/api/admin/recommendations/${NO_VEHICLE}/${NO_RECOMMENDATION}/book`,
    ok: 409,
  },
  // Signed in: the staff read any vehicle's, a customer their own (another's reads as none: 200 []).
  'GET /api/recommendations/vehicle/:vehicleId': {
    access: 'user',
    path: () => `/api/recommendations/vehicle/${NO_VEHICLE}`,
  },
  'GET /api/admin/revenue': { access: 'admin', path: () => '/api/admin/revenue' },
  'GET /api/admin/revenue/export.csv': {
    access: 'admin',
    path: () => '/api/admin/revenue/export.csv?from=2026-01-01&to=2026-12-31',
  },
  // --- The admin's Today and the dispatch board (issue 22, decision 081).
  'GET /api/admin/today': { access: 'admin', path: () => '/api/admin/today' },
  'GET /api/admin/dispatch': {
    access: 'admin',
    path: () => `/api/admin/dispatch?from=${time.today()}&days=7`,
  },
  // --- Technicians (issue 22, decision 078): the admin's; a technician gets 403 like a customer.
  'PUT /api/admin/bookings/:id/technician': {
    access: 'admin',
    path: (f) => `/api/admin/bookings/${f.bookings.reassign._id}/technician`,
    body: (f) => ({ technician: f.technicians.worker.technician.number }),
  },
  'GET /api/admin/technicians': { access: 'admin', path: () => '/api/admin/technicians' },
  'POST /api/admin/technicians': {
    access: 'admin',
    path: () => '/api/admin/technicians',
    body: () => ({
      firstName: 'Matrix',
      lastName: 'Technician',
      email: `matrix-tech-${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: '610 555 0101',
      workingDays: ['Monday', 'Tuesday'],
      dayStart: '07:00',
      dayEnd: '19:00',
    }),
    ok: 201,
  },
  'PATCH /api/admin/technicians/:number': {
    access: 'admin',
    path: (f) => `/api/admin/technicians/${f.technicians.spare.technician.number}`,
    body: () => ({ firstName: 'Spare', dayStart: '08:00', dayEnd: '18:00' }),
  },
  'POST /api/admin/technicians/:number/deactivate': {
    access: 'admin',
    path: (f) => `/api/admin/technicians/${f.technicians.spare.technician.number}/deactivate`,
  },
  'POST /api/admin/technicians/:number/activate': {
    access: 'admin',
    path: (f) => `/api/admin/technicians/${f.technicians.spare.technician.number}/activate`,
  },
  'GET /api/admin/technicians/:number/jobs': {
    access: 'admin',
    path: (f) => `/api/admin/technicians/${f.technicians.worker.technician.number}/jobs`,
  },
  'GET /api/admin/users/search': { access: 'admin', path: () => '/api/admin/users/search?query=alice' },
  'POST /api/admin/create-customer': {
    access: 'admin',
    path: () => '/api/admin/create-customer',
    body: () => ({
      firstName: 'Matrix',
      lastName: 'Customer',
      email: `matrix-customer-${crypto.randomUUID().slice(0, 8)}@example.com`,
      phone: '610 555 0100',
    }),
    ok: 201,
  },
  'GET /api/vehicleData/makes': { access: 'admin', path: () => '/api/vehicleData/makes' },
  'GET /api/vehicleData/models/:make': { access: 'admin', path: () => '/api/vehicleData/models/Toyota' },
  // --- Testimonial manager and Blog Manager (issue 12): admin only. The multipart writes get a JSON
  // body here, refused with 400 past authorization; functions/src/api/posts.admin.api.test.ts and
  // testimonials.admin.api.test.ts send the real forms and images.
  'PUT /api/testimonials/:id/author': {
    access: 'admin',
    path: (f) => `/api/testimonials/${f.content.testimonial._id}/author`,
    body: () => ({ authorName: 'Matrix Author' }),
  },
  'PUT /api/testimonials/:id/featured': {
    access: 'admin',
    path: (f) => `/api/testimonials/${f.content.testimonial._id}/featured`,
    body: () => ({ featured: true }),
  },
  'DELETE /api/testimonials/:id': {
    access: 'admin',
    path: (f) => `/api/testimonials/${f.content.doomedTestimonial._id}`,
  },
  'POST /api/posts': {
    access: 'admin',
    path: () => '/api/posts',
    body: () => ({ title: 'Matrix post', content: 'Sent as JSON.' }),
    ok: 400,
  },
  'PUT /api/posts/:id': {
    access: 'admin',
    path: (f) => `/api/posts/${f.content.post._id}`,
    body: () => ({ title: 'Matrix post', content: 'Sent as JSON.' }),
    ok: 400,
  },
  'DELETE /api/posts/:id': { access: 'admin', path: (f) => `/api/posts/${f.content.doomedPost._id}` },
  // Issue 12: the Time Slot Manager and the service manager (admin only; fixtures under `slots`).
  'GET /api/timeslots': {
    access: 'admin',
    path: (f) => `/api/timeSlots?serviceId=${f.slots.service._id}&isBooked=false`,
  },
  'GET /api/timeslots/statistics': { access: 'admin', path: () => '/api/timeSlots/statistics' },
  'GET /api/timeslots/stats': {
    access: 'admin',
    path: (f) => `/api/timeslots/stats?serviceId=${f.slots.service._id}`,
  },
  'POST /api/timeslots': {
    access: 'admin',
    path: () => '/api/timeSlots',
    body: (f) => ({ serviceId: f.slots.service._id, date: nextDate(), time: '10:00' }),
    ok: 201,
  },
  'POST /api/timeslots/bulk': {
    access: 'admin',
    path: () => '/api/timeSlots/bulk',
    body: (f) => ({ serviceId: f.slots.service._id, dates: [nextDate()], times: ['10:00', '11:00'] }),
    ok: 201,
  },
  'POST /api/timeslots/bulk-create': {
    access: 'admin',
    path: () => '/api/timeslots/bulk-create',
    body: (f) => ({
      serviceId: f.slots.service._id,
      availableTimes: ['12:00'],
      availableDays: ['Monday'],
      startDate: time.addDays(time.today(), 1),
      endDate: time.addDays(time.today(), 30),
    }),
    ok: 201,
  },
  'DELETE /api/timeslots/bulk': {
    access: 'admin',
    path: () => '/api/timeSlots/bulk',
    body: (f) => ({ ids: [f.slots.bulkDeleteId] }),
  },
  'PUT /api/timeslots/:id': {
    access: 'admin',
    // A booked slot: the 409 proves the caller got past authorization (and a fuzzed true/false cannot change it).
    path: (f) => `/api/timeSlots/${f.slots.bookedId}`,
    body: () => ({ isAvailable: false }),
    ok: 409,
  },
  'DELETE /api/timeslots/:id': { access: 'admin', path: (f) => `/api/timeSlots/${f.slots.deleteId}` },
  'POST /api/services': {
    access: 'admin',
    path: () => '/api/services',
    // A form that cannot be valid (serviceForm): the 400 proves the caller got past authorization, and no
    // fuzzed price, duration or list (values the fuzz suite cannot tell from valid ones) can make a service.
    // functions/src/api/services.admin.api.test.ts creates real ones.
    body: () => serviceForm,
    ok: 400,
  },
  'PUT /api/services/:id': {
    access: 'admin',
    path: (f) => `/api/services/${f.slots.service._id}`,
    body: () => serviceForm,
    ok: 400,
  },
  'DELETE /api/services/:id': { access: 'admin', path: (f) => `/api/services/${f.slots.deletable._id}` },

  // --- Issue 34: the shop's add-ons (decision 122): read by anyone, kept by the admin.
  'GET /api/add-ons': { access: 'anyone', path: () => '/api/add-ons' },
  'POST /api/add-ons': {
    access: 'admin',
    path: () => '/api/add-ons',
    // Invalid twice over (as serviceForm): no fuzzed value makes an add-on; services.class-pricing makes real ones.
    body: () => addOnForm,
    ok: 400,
  },
  'PUT /api/add-ons/:id': {
    access: 'admin',
    path: (f) => `/api/add-ons/${f.addOns.edit}`,
    body: () => addOnForm,
    ok: 400,
  },
  'DELETE /api/add-ons/:id': { access: 'admin', path: (f) => `/api/add-ons/${f.addOns.doomed}` },

  // --- Work orders (issue 13): admin, except the portal (public) and the acknowledgment link (by token).
  'GET /api/workOrders/defaults': { access: 'staff', path: () => '/api/workOrders/defaults' },
  'GET /api/workOrders/public/:number/pdf': {
    access: 'anyone',
    // An unknown number: the 404 everyone gets (the portal's own tests download real ones).
    path: () => '/api/workOrders/public/WO-1999-0001/pdf?email=nobody@example.com',
    ok: 404,
  },
  'GET /api/workOrders/acknowledge/:token': {
    access: 'anyone',
    path: () => `/api/workOrders/acknowledge/${'x'.repeat(43)}`,
    ok: 404,
  },
  'POST /api/workOrders/acknowledge/:token': {
    access: 'anyone',
    path: () => `/api/workOrders/acknowledge/${'x'.repeat(43)}`,
    body: () => ({ acknowledgedBy: { name: 'Matrix', email: 'matrix@example.com' }, signature: null }),
    ok: 404,
  },
  'GET /api/workOrders': { access: 'admin', path: () => '/api/workOrders?limit=5' },
  'POST /api/workOrders': {
    // A technician creates only a work order tied to a job of theirs (this form names none).
    technician: '403',
    access: 'staff',
    path: () => '/api/workOrders',
    body: () => workOrderForm,
    ok: 201,
  },
  'GET /api/workOrders/:id': {
    // Tied to no job: only the admin's (a technician's own job's: tech.api.test.ts).
    technician: '403',
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}`,
  },
  'PUT /api/workOrders/:id': {
    // Tied to no job: only the admin's.
    technician: '403',
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}`,
    body: () => workOrderForm,
  },
  'DELETE /api/workOrders/:id': {
    access: 'admin',
    path: (f) => `/api/workOrders/${f.workOrders.doomed._id}`,
  },
  'GET /api/workOrders/:id/pdf': {
    access: 'admin',
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}/pdf`,
  },
  'POST /api/workOrders/:id/send-email': {
    access: 'admin',
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}/send-email`,
  },
  // --- Issue 22 (techweb, decision 079): the technician's day and the in-person acknowledgment ---
  'GET /api/tech/day': {
    access: 'staff',
    // An admin names the technician; a technician reads their own day.
    path: () => `/api/tech/day?date=${nextDate()}&technician=1`,
  },
  // A technician's own calendar address (issue 36): an admin names the technician; technician 1 is their own.
  'GET /api/tech/busy-calendar': { access: 'staff', path: () => '/api/tech/busy-calendar?technician=1' },
  'PUT /api/tech/busy-calendar': {
    access: 'staff',
    path: () => '/api/tech/busy-calendar?technician=1',
    body: () => ({ address: 'https://calendar.example.com/private-abc/basic.ics' }),
  },
  'DELETE /api/tech/busy-calendar': { access: 'staff', path: () => '/api/tech/busy-calendar?technician=1' },
  'GET /api/workOrders/:id/for-signing': {
    // Tied to no job: only the admin's (the job's technician: tech.api.test.ts).
    technician: '403',
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}/for-signing`,
  },
  'POST /api/workOrders/:id/acknowledge-in-person': {
    // Tied to no job: only the admin's (the job's technician: tech.api.test.ts).
    technician: '403',
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.inPerson._id}/acknowledge-in-person`,
    body: () => ({
      acknowledgedBy: { name: 'Matrix Customer' },
      signature: `data:image/png;base64,${Buffer.from(pngImage(40, 20, [0, 0, 0])).toString('base64')}`,
    }),
  },
  // Issue 30 (decision 091): the customer's code (the fixture is tied to no job: 400 once past
  // authorization; bookings.completion.api.test.ts sends one for real) and the admin's price approval.
  'POST /api/workOrders/:id/price-code': {
    technician: '403',
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.inPerson._id}/price-code`,
    ok: 400,
  },
  'POST /api/workOrders/:id/approve-price': {
    access: 'admin',
    // The in-person fixture: no other call of the table changes its money.
    path: (f) => `/api/workOrders/${f.workOrders.inPerson._id}/approve-price`,
    body: (f) => ({ total: f.workOrders.inPerson.pricing.totalAmount }),
  },
  'POST /api/workOrders/:id/generate-acknowledgment': {
    access: 'admin',
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}/generate-acknowledgment`,
  },

  // --- Issue 33: estimates approved line by line (decision 125): the shop's staff write them.
  'POST /api/workOrders/:id/estimate/findings': {
    access: 'staff',
    technician: '403',
    // The fixture's brakes are "fair": refused once past authorization (the estimate tests turn real findings).
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}/estimate/findings`,
    body: () => ({ category: 'brakes' }),
    ok: 400,
  },
  'POST /api/workOrders/:id/estimate/lines': {
    access: 'staff',
    technician: '403',
    path: (f) => `/api/workOrders/${f.workOrders.workOrder._id}/estimate/lines`,
    // Only the description: labour and parts are optional (an empty list, a zero, is a valid line).
    body: () => ({ description: 'Cabin filter' }),
    ok: 201,
  },
  'PUT /api/workOrders/:id/estimate/lines/:lineId': {
    access: 'staff',
    technician: '403',
    path: (f) =>
      `/api/workOrders/${f.workOrders.workOrder._id}/estimate/lines/eln_01JDZ0000000000000000000AA`,
    body: () => ({ description: 'Cabin filter' }),
    ok: 404,
  },
  'DELETE /api/workOrders/:id/estimate/lines/:lineId': {
    access: 'staff',
    technician: '403',
    path: (f) =>
      `/api/workOrders/${f.workOrders.workOrder._id}/estimate/lines/eln_01JDZ0000000000000000000AA`,
    ok: 404,
  },
  'POST /api/workOrders/:id/estimate/phone-approval': {
    access: 'staff',
    // Nothing proposed on the fixture's photo work order: 409 once past authorization.
    path: (f) => `/api/workOrders/${f.workOrders.photo.workOrderId}/estimate/phone-approval`,
    body: () => ({
      decisions: [],
      calledAt: new Date(Date.now() - 60_000).toISOString(),
      number: '(610) 555-0199',
      person: 'Matrix Customer',
    }),
    ok: 409,
  },

  // --- Issue 22: the inspection and its photos (decision 080): the shop's staff; the customer by link or portal.
  'PUT /api/workOrders/:id/inspection': {
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.photo.workOrderId}/inspection`,
    body: () => ({ items: [{ category: 'brakes', condition: 'fair', note: 'Pads at 4 mm.' }] }),
  },
  'POST /api/workOrders/:id/photos': {
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.photo.workOrderId}/photos`,
    // No body from the table: refused as not multipart once past authorization (the photo tests upload real ones).
    ok: 400,
  },
  'GET /api/workOrders/:id/photos/:photoId': {
    access: 'staff',
    path: (f) => `/api/workOrders/${f.workOrders.photo.workOrderId}/photos/${f.workOrders.photo.photoId}`,
  },
  'DELETE /api/workOrders/:id/photos/:photoId': {
    access: 'staff',
    path: (f) =>
      `/api/workOrders/${f.workOrders.doomedPhoto.workOrderId}/photos/${f.workOrders.doomedPhoto.photoId}`,
    // The admin's call (before the technician's) deleted it: the job's technician is let through to the 404.
    technician: '404',
  },
  // Photos at booking (issue 34, decision 123).
  'POST /api/booking-photos': {
    access: 'customer',
    path: () => '/api/booking-photos',
    // No body from the table: refused as not multipart once past authorization (the photo tests upload real ones).
    ok: 400,
  },
  'POST /api/bookings/:id/photos': {
    access: 'customerOwner',
    path: (f) => `/api/bookings/${f.bookingPhotos.bookingId}/photos`,
    body: (f) => ({ photoId: f.bookingPhotos.draft }),
    ok: 201,
  },
  'GET /api/bookings/:id/photos': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookingPhotos.bookingId}/photos`,
    technician: '200',
  },
  'GET /api/bookings/:id/photos/:photoId': {
    access: 'owner',
    path: (f) => `/api/bookings/${f.bookingPhotos.bookingId}/photos/${f.bookingPhotos.photoId}`,
    // Technician 1 holds the booking: the job's technician sees its photos.
    technician: '200',
  },
  'GET /api/workOrders/acknowledge/:token/photos/:photoId': {
    access: 'anyone',
    path: () => `/api/workOrders/acknowledge/${'x'.repeat(43)}/photos/nophoto`,
    ok: 404,
  },
  'GET /api/workOrders/public/:number/inspection': {
    access: 'anyone',
    path: () => '/api/workOrders/public/WO-1999-0001/inspection?email=nobody@example.com',
    ok: 404,
  },
  'GET /api/workOrders/public/:number/photos/:photoId': {
    access: 'anyone',
    path: () => '/api/workOrders/public/WO-1999-0001/photos/nophoto?email=nobody@example.com',
    ok: 404,
  },
  // Issue 33 (decision 127): the estimate in the portal, a code mailed to answer it, the answer with it
  // (an unknown number: the portal's 404; workorders.portal-estimate.api.test.ts answers for real).
  'GET /api/workOrders/public/:number/estimate': {
    access: 'anyone',
    path: () => '/api/workOrders/public/WO-1999-0002/estimate?email=nobody@example.com',
    ok: 404,
  },
  'POST /api/workOrders/public/:number/estimate/code': {
    access: 'anyone',
    path: () => '/api/workOrders/public/WO-1999-0002/estimate/code',
    body: () => ({ email: 'nobody@example.com' }),
    ok: 404,
  },
  'POST /api/workOrders/public/:number/estimate/answer': {
    access: 'anyone',
    path: () => '/api/workOrders/public/WO-1999-0002/estimate/answer',
    body: () => ({
      acknowledgedBy: { name: 'Matrix', email: 'nobody@example.com' },
      code: '123456',
      signature: null,
      termsAccepted: true,
      decisions: [],
    }),
    ok: 404,
  },

  // --- Issue 23: payment links and Square's webhook (decision 070) ---
  // Sending again mails the same open link: every admin call gets 200.
  'POST /api/bookings/:id/payment-link': {
    access: 'admin',
    path: (f) => `/api/bookings/${f.paymentLinks.booking._id}/payment-link`,
  },
  'POST /api/workOrders/:id/payment-link': {
    access: 'admin',
    path: (f) => `/api/workOrders/${f.paymentLinks.workOrder._id}/payment-link`,
  },
  // Anyone may call it; without Square's signature its normal answer is 401, and nothing changes.
  'POST /api/webhooks/square': {
    access: 'anyone',
    path: () => '/api/webhooks/square',
    body: () => ({
      event_id: crypto.randomUUID(),
      type: 'payment.updated',
      data: {
        type: 'payment',
        id: 'P1',
        object: { payment: { id: 'P1', status: 'COMPLETED', order_id: 'O1' } },
      },
    }),
    ok: 401,
  },

  // --- Issue 36: customers' replies by text (decision 120). The inbound route takes only SNS's signed
  // notifications of the inbound topic: a bare payload is 403 for everyone, and nothing changes
  // (functions/src/api/texts.api.test.ts posts real ones).
  'POST /api/texts/inbound': {
    access: 'anyone',
    path: () => '/api/texts/inbound',
    body: () => ({
      originationNumber: '+14845550123',
      destinationNumber: '+16105550142',
      messageBody: 'C',
      inboundMessageId: crypto.randomUUID(),
    }),
    ok: 403,
  },
  'GET /api/texts/inbox': { access: 'admin', path: () => '/api/texts/inbox' },
  'GET /api/texts/bookings/:id': {
    access: 'staff',
    path: (f) => `/api/texts/bookings/${f.bookings.edit._id}`,
  },
  // No text came about the booking, so there is no number to answer: 409 for whoever may answer.
  'POST /api/texts/bookings/:id': {
    access: 'staff',
    path: (f) => `/api/texts/bookings/${f.bookings.edit._id}`,
    body: () => ({ body: 'See you soon.' }),
    ok: 409,
  },

  // --- Issue 14: what search engines read (decision 044); served as /sitemap.xml ---
  'GET /api/sitemap.xml': { access: 'anyone', path: () => '/api/sitemap.xml' },
  // --- Issue 20: where the shop goes (anyone; a street makes it geocode through the Amazon Location stand-in).
  'GET /api/service-area': {
    access: 'anyone',
    path: () => '/api/service-area?zipCode=19382&street=10%20Market%20St&city=West%20Chester&state=PA',
  },
  // --- Issue 21: a booking's link (decision 074), without signing in; an unknown token is 404 for everyone
  // (core/src/booking-link/landing.api.test.ts covers real links).
  'GET /api/booking-links/:token': {
    access: 'anyone',
    path: () => `/api/booking-links/${'x'.repeat(43)}`,
    ok: 404,
  },
  'POST /api/booking-links/:token/attend': {
    access: 'anyone',
    path: () => `/api/booking-links/${'x'.repeat(43)}/attend`,
    ok: 404,
  },
  'POST /api/booking-links/:token/cancel': {
    access: 'anyone',
    path: () => `/api/booking-links/${'x'.repeat(43)}/cancel`,
    body: () => ({ acceptLateFee: true }),
    ok: 404,
  },
  // --- Issue 35: the tip after the job from the receipt's link (decision 130), without signing in; an unknown
  // token is 404 for everyone (functions/src/api/tips.api.test.ts covers real links and their race).
  'GET /api/tips/:token': { access: 'anyone', path: () => `/api/tips/${'x'.repeat(43)}`, ok: 404 },
  'POST /api/tips/:token': {
    access: 'anyone',
    path: () => `/api/tips/${'x'.repeat(43)}`,
    body: () => ({ tip: { percent: 20 } }),
    ok: 404,
  },
  // --- Issue 24: the pages rendered with their data (decision 072); 503 until the web is built ---
  'GET /api/pages/*': { access: 'anyone', path: () => '/api/pages/services', ok: pagesBuilt() ? 200 : 503 },
};

/** The work-order form with only its required parts: breaking any of them must be refused (the fuzz suite). */
const workOrderForm = {
  customer: { name: 'Matrix Customer', email: 'matrix-wo@example.com', phone: '(610) 555-0100' },
  vehicle: { year: 2016, make: 'Toyota', model: 'Corolla' },
  serviceDetails: { description: 'Oil change' },
};

/**
 * The service form with a time that does not exist and a negative price (see
 * 'POST /api/services'). Two faults of different types: the fuzz suite puts one
 * value in the fields it breaks, and none mends both (an empty list mends the
 * times alone, and a fresh clone's CI drew it: the form was then valid, 200).
 */
const serviceForm = {
  name: 'Matrix Service',
  description: 'From the matrix.',
  price: -1,
  duration: 60,
  availableDays: ['Monday'],
  availableTimes: ['25:00'],
};

/** The add-on form with a negative price and minutes that are text (see 'POST /api/add-ons'). */
const addOnForm = { name: 'Matrix add-on', price: -1, duration: 'soon' };

/** Issue 12's fixtures: a slot-system service with slots to delete and one booked by A, and a service to delete. */
async function slotFixtures(a: { headers: Record<string, string> }) {
  const [service, deletable] = await Promise.all([
    createService({ availableDays: [], availableTimes: ['09:00'] }),
    createService(),
  ]);
  const [deleteDate, bookedDate] = [nextDate(), nextDate()];
  await asAdmin(() =>
    TimeSlot.createBulk({
      serviceId: service._id,
      dates: [deleteDate, bookedDate],
      times: ['09:00', '15:00'],
    }),
  );
  const slots = await asAdmin(async () => (await TimeSlot.list({ serviceId: service._id })).timeSlots);
  const at = (date: string, clock: string) =>
    slots.find((s) => s.date === date && s.time === clock)?._id ?? '';
  const booked = await send(
    'POST',
    '/api/bookings',
    a.headers,
    bookingBody(service._id, bookedDate, '09:00'),
  );
  if (booked.status !== 201)
    throw new Error(`Fixture booking failed: ${booked.status} ${await booked.text()}`);
  return {
    service,
    deletable,
    deleteId: at(deleteDate, '09:00'),
    bulkDeleteId: at(deleteDate, '15:00'),
    bookedId: at(bookedDate, '09:00'),
  };
}

/** A Pending booking of `customer`'s, on a day of its own. */
async function bookingOf(customer: { headers: Record<string, string> }, serviceId: string) {
  const response = await send(
    'POST',
    '/api/bookings',
    customer.headers,
    bookingBody(serviceId, nextDate(), '09:00'),
  );
  if (response.status !== 201)
    throw new Error(`Fixture booking failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { booking: BookingReply }).booking;
}

/** A Completed booking of a customer whose card declines the charge: unpaid, so it may get a payment link. */
async function declinedBookingOf(admin: { headers: Record<string, string> }, serviceId: string) {
  const customer = await createUserWithCard({ firstName: 'Declined' }, 'cnon:stand-in-charge-declined');
  const booking = await bookingOf(customer, serviceId);
  const done = await send('PATCH', `/api/bookings/${booking._id}/status`, admin.headers, {
    status: 'Completed',
    ...AHEAD_OF_ITS_DAY,
  });
  if (done.status !== 200) throw new Error(`Fixture completion failed: ${done.status} ${await done.text()}`);
  return booking;
}

/** A custom booking the admin made by phone, on a day of its own. */
async function deskBookingOf(admin: { headers: Record<string, string> }) {
  const response = await send(
    'POST',
    '/api/bookings/admin-create',
    admin.headers,
    customBookingBody(nextDate(), '14:00', { customServiceName: 'Matrix detail', customServicePrice: 50 }),
  );
  if (response.status !== 201)
    throw new Error(`Fixture custom booking failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as BookingReply;
}

/** An inspection photo on a work order, uploaded by the admin. */
/** A's booking with one photo, and a draft of A's the calls attach to it (issue 34). */
async function bookingPhotosOf(a: { headers: Record<string, string> }, bookingId: string) {
  const upload = async () => {
    const response = await postPhotoTo('/api/booking-photos', a.headers, await cameraJpeg(320, 240));
    if (response.status !== 201)
      throw new Error(`Fixture photo failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { _id: string })._id;
  };
  const photoId = await upload();
  const attached = await send('POST', `/api/bookings/${bookingId}/photos`, a.headers, { photoId });
  if (attached.status !== 201) throw new Error(`Fixture photo failed: ${attached.status}`);
  return { bookingId, photoId, draft: await upload() };
}

async function photoOf(workOrderId: string, admin: { headers: Record<string, string> }) {
  const response = await postPhoto(workOrderId, admin.headers, await cameraJpeg(320, 240));
  if (response.status !== 201)
    throw new Error(`Fixture photo failed: ${response.status} ${await response.text()}`);
  const reply = (await response.json()) as { photos: { id: string }[] };
  return { workOrderId, photoId: reply.photos.at(-1)?.id ?? '' };
}

export async function makeFixtures() {
  const [a, b, admin, service, openService, post, testimonial] = await Promise.all([
    createUserWithCard({ firstName: 'Alice' }),
    createUserWithCard({ firstName: 'Bob' }),
    createUserWithCard({ role: 'admin' }),
    createService(),
    // Open every day at 09:00: each booking of the fixtures takes a day of its own.
    createService({ availableDays: [], availableTimes: ['09:00'] }),
    createPost(),
    createTestimonial(),
  ]);
  // A's bookings, one per route that changes one (the owner routes and the admin's status).
  const bookings = {
    edit: await bookingOf(a, openService._id),
    cancel: await bookingOf(a, openService._id),
    status: await bookingOf(a, openService._id),
    address: await bookingOf(a, openService._id),
    reassign: await bookingOf(a, openService._id),
    reschedule: await bookingOf(a, openService._id),
    linked: await bookingOf(a, openService._id),
  };
  // Technicians (issue 22): technician 1, who holds every booking above (each alone on its day), signs
  // in as the matrix's technician caller; one who works (the reassignment gives them A's booking); one
  // the calls edit.
  const technicians = {
    one: await createTechnician({}, { number: 1 }),
    worker: await createTechnician(),
    spare: await createTechnician(),
  };
  // Issue 21: a reminder's link to A's booking (the reschedule-by-link routes).
  const link = (
    await BookingLink.issue({ id: bookings.linked._id, date: bookings.linked.date, time: '09:00' })
  ).token;
  // A's saved addresses beside its default (issue 20): one the calls edit, one they delete.
  const addresses = await withActor(
    { type: 'user', userId: a._id, role: 'user', firstName: a.firstName },
    async () => ({
      edit: (await SavedAddress.create(otherAddress)).id,
      doomed: (await SavedAddress.create({ ...otherAddress, unit: 'Rear' })).id,
    }),
  );
  // A's garage vehicles (issue 34): one the calls edit, one A deletes, one the desk deletes.
  const vehicles = await withActor(
    { type: 'user', userId: a._id, role: 'user', firstName: a.firstName },
    async () => ({
      edit: (await Garage.addMine(garageVehicle)).id,
      doomed: (await Garage.addMine({ ...garageVehicle, model: 'Ranger' })).id,
      deskDoomed: (await Garage.addMine({ ...garageVehicle, model: 'Maverick' })).id,
    }),
  );
  // The bookings desk: a custom booking the shop made, waiting to be assigned (re-assigning is allowed).
  const desk = { custom: await deskBookingOf(admin) };
  // The Testimonial manager's and Blog Manager's own (issue 12): edited, and deleted, by the admin's calls.
  const [contentTestimonial, doomedTestimonial, contentPost, doomedPost] = await Promise.all([
    createTestimonial(),
    createTestimonial(),
    createPost(),
    createPost(),
  ]);
  const content = { testimonial: contentTestimonial, doomedTestimonial, post: contentPost, doomedPost };
  const slots = await slotFixtures(a);
  // Issue 34: an add-on the admin's calls edit, one they delete.
  const addOns = await asAdmin(async () => ({
    edit: (await Service.addAddOn({ name: 'Matrix pet hair', priceCents: 3000, minutes: 20 })).id,
    doomed: (await Service.addAddOn({ name: 'Matrix headlights', priceCents: 2500, minutes: 15 })).id,
  }));
  // Work orders (issue 13): one the admin's calls read, edit, mail and link; one they delete.
  // Issue 22: a work order of a booking technician 1 holds, for the inspection and its photos.
  const withPhotos = await createWorkOrder(admin, { relatedBooking: bookings.edit._id });
  const workOrders = {
    workOrder: await createWorkOrder(admin),
    doomed: await createWorkOrder(admin),
    // Signed in person once by the admin's call (issue 22).
    inPerson: await createWorkOrder(admin),
    // Issue 22: a photo the calls read, and one they delete (decision 080).
    photo: await photoOf(withPhotos._id, admin),
    doomedPhoto: await photoOf(withPhotos._id, admin),
  };
  const bookingPhotos = await bookingPhotosOf(a, bookings.edit._id);
  // Payment links (issue 23): a completed booking whose card declined, and a work order of its own.
  const paymentLinks = {
    booking: await declinedBookingOf(admin, openService._id),
    workOrder: await createWorkOrder(admin),
  };
  const plans = await planFixtures(a);
  return {
    a,
    b,
    admin,
    service,
    openService,
    post,
    testimonial,
    bookings,
    bookingPhotos,
    technicians,
    link,
    addresses,
    vehicles,
    desk,
    content,
    slots,
    addOns,
    workOrders,
    paymentLinks,
    plans,
  };
}

/** The API's routes as the app itself lists them: method and pattern, middleware left out. */
export function enumerate(): string[] {
  const seen = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen].sort();
}

let ipCounter = 0;

/** The method of a route-table key such as 'PUT /api/posts/:id/like'. */
export const methodOf = (name: string) => name.split(' ')[0] ?? 'GET';

/**
 * Calls a route as the table describes it, from a fresh client address, and
 * returns the response. `override` replaces the path, the raw body text or
 * the content type (the fuzz suite's inputs).
 */
export async function call(
  name: string,
  f: Fixtures,
  headers: Record<string, string>,
  override: { path?: string; body?: string; contentType?: string } = {},
): Promise<Response> {
  const route = routes[name];
  if (!route) throw new Error(`No route ${name} in tests/api-routes.ts`);
  const valid = route.body?.(f);
  const body = override.body ?? (valid === undefined ? undefined : JSON.stringify(valid));
  const contentType = override.contentType ?? (body === undefined ? undefined : 'application/json');
  ipCounter += 1;
  return app.request(
    override.path ?? route.path(f),
    {
      method: methodOf(name),
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      body,
    },
    { incoming: { socket: { remoteAddress: `10.66.${Math.floor(ipCounter / 250)}.${ipCounter % 250}` } } },
  );
}
