import { bookingPhotos, bookingPhotoUploads } from './booking-photos';
import { VisibleError } from '@app/core/error';
import { toDollars } from '@app/core/money';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { addOnsRouter } from './add-ons';
import { admin } from './admin';
import { revenue } from './revenue';
import { tech } from './tech';
import { requestContext, requireAdmin } from './auth';
import { bookingLinks } from './booking-links';
import { tips } from './tips';
import { bookings } from './bookings';
import { calendar } from './calendar';
import { apiCaching } from './cache';
import { googleReviews } from './google-reviews';
import { checkInput } from './input';
import { requireRouter } from './origin';
import { pages, answerPageCallsWith } from './pages';
import { canonicalGetPath } from './paths';
import { adminPlans, plans } from './plans';
import { payments } from './payments';
import { comments, posts } from './posts';
import { contact, serviceRequest } from './public-forms';
import { dispatch } from './dispatch';
import { serviceArea } from './service-area';
import { services } from './services';
import { sitemap } from './sitemap';
import { testimonials } from './testimonials';
import { texts } from './texts';
import { technicians } from './technicians';
import { timeslots } from './timeslots';
import { recommendations, recommendationsDesk } from './recommendations';
import { rescheduling, reschedulingByLink } from './reschedule';
import { track } from './track';
import { unsubscribe } from './unsubscribe';
import { refuseLongUrls } from './url-limit';
import { users } from './users';
import { busyCalendar } from './busy-calendar';
import { vehicleData } from './vehicle-data';
import { jobHistory, vinDecode } from './vehicles';
import { webhooks } from './webhooks';
import { workOrders } from './workorders';
import { firstIssue } from './validation';

const statusOf: Record<VisibleError['kind'], ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
  bad_gateway: 502,
};

/**
 * The API, one sub-app per resource. The same app runs on Lambda and in the
 * local server. The admin guard sits on the whole /api/admin/ prefix before
 * any route, so a non-admin gets 401/403 there even for paths that do not exist.
 */
const api = new Hono()
  .basePath('/api')
  .use(requestContext)
  .use(checkInput)
  .use('/admin/*', requireAdmin)
  .route('/services', services)
  .route('/add-ons', addOnsRouter)
  .route('/users', users)
  .route('/service-request', serviceRequest)
  .route('/contact', contact)
  .route('/testimonials', testimonials)
  .route('/google-reviews', googleReviews)
  .route('/posts', posts)
  .route('/comments', comments)
  .route('/payments', payments)
  .route('/bookings', bookings)
  .route('/bookings', bookingPhotos)
  .route('/booking-photos', bookingPhotoUploads)
  .route('/bookings/:id', rescheduling)
  .route('/booking-links/:token', reschedulingByLink)
  .route('/booking-links', bookingLinks)
  .route('/tips', tips)
  .route('/timeslots', timeslots)
  .route('/track', track)
  .route('/unsubscribe', unsubscribe)
  .route('/admin/revenue', revenue)
  .route('/admin/plans', adminPlans)
  .route('/plans', plans)
  .route('/admin/recommendations', recommendationsDesk)
  .route('/recommendations', recommendations)
  .route('/admin', admin)
  .route('/admin', dispatch)
  .route('/admin', technicians)
  .route('/texts', texts)
  .route('/vehicleData', vehicleData)
  .route('/vehicles', vinDecode)
  .route('/service-area', serviceArea)
  .route('/workOrders', workOrders)
  .route('/tech/jobs/:id/history', jobHistory)
  .route('/tech', tech)
  .route('/calendar', calendar)
  .route('/tech', busyCalendar)
  .route('/webhooks', webhooks)
  .route('/sitemap.xml', sitemap)
  .route('/pages', pages);

export type AppType = typeof api;

/**
 * Routing options for every Hono app that serves the API (this one, and the
 * local servers that mount it): paths match regardless of case and of a
 * trailing slash (./paths.ts).
 */
export const apiRouting: { getPath: (request: Request) => string } = {
  getPath: canonicalGetPath((): string[] => app.routes.map((route) => route.path)),
};

export const app: Hono = new Hono(apiRouting);

/**
 * A refusal's extra fields on the wire: core gives money in cents
 * (`lateCancelFeeCents`), the reply in dollars under the name without
 * `Cents` (`lateCancelFee`), as every money field of the API.
 */
function extraReply(extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(extra)) {
    if (name.endsWith('Cents') && typeof value === 'number')
      out[name.slice(0, -'Cents'.length)] = toDollars(value);
    else out[name] = value;
  }
  return out;
}

app.onError((error, c) => {
  if (error instanceof VisibleError) {
    const retryAfter = error.extra.retryAfterSeconds;
    if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
    return c.json({ msg: error.message, ...extraReply(error.extra) }, statusOf[error.kind]);
  }
  if (error instanceof ZodError) return c.json({ msg: firstIssue(error) }, 400);
  // Hono's own refusals, e.g. a body that is not JSON.
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ msg: error.message || 'Invalid request.' }, error.status as ContentfulStatusCode);
  }
  const requestId = crypto.randomUUID();
  console.error(
    JSON.stringify({ level: 'error', requestId, path: c.req.path, error: String(error?.stack ?? error) }),
  );
  return c.json({ msg: 'Something went wrong on our side. Please try again.', requestId }, 500);
});

// Cache-Control on every /api reply, errors included (./cache.ts).
app.use('/api/*', apiCaching);
// An over-long address: 414 `{ msg }` before anything else looks at it (./url-limit.ts, decision 056).
app.use(refuseLongUrls);
// On AWS, only requests that came through the Router (./origin.ts).
app.use('/api/*', requireRouter);
app.route('/', api);
app.all('/api/*', (c) => c.json({ msg: 'Not found.' }, 404));
// The pages rendered with their data ask the API for it in this process (./pages.ts, decision 072).
answerPageCallsWith((request) => app.fetch(request));
