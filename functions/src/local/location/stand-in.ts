import { readDriveFactors } from '@app/core/config';
import { driveSeconds, type DriveFactors, type Point, roadMetres } from '@app/core/geo/model';
import { fiveDigitZip, zipCentroid } from '@app/core/geo/zip';
import { type Context, Hono } from 'hono';
import { type Problem, readGeocode, readRouteMatrix } from './requests';
import { type RunningStandIn, serveStandIn } from '../serve-stand-in';

/**
 * The local Amazon Location Service (decision 065): the two operations the
 * product calls, on their real paths and in their REST-JSON protocol, so
 * `@aws-sdk/client-geo-places` and `@aws-sdk/client-geo-routes` run
 * unchanged against it.
 *
 * - `POST /v2/geocode` (Places `Geocode`): the address's ZIP (its
 *   `QueryComponents.PostalCode`, else the last ZIP in `QueryText`) resolves
 *   to the ZIP's centroid from the shipped data set, as one result of
 *   `PlaceType: "PostalCode"`: the client marks it approximate. An unknown
 *   or missing ZIP gives no results, as the real service does for an
 *   address it cannot place.
 * - `POST /v2/route-matrix` (Routes `CalculateRouteMatrix`): every origin ×
 *   destination, `Duration` in seconds and `Distance` in metres from the
 *   product's own estimate (core/src/geo/model.ts: great-circle ×
 *   DRIVE_DETOUR_FACTOR ÷ DRIVE_AVERAGE_MPH), unrounded, as a provider answers.
 *
 * A malformed request gets 400 in AWS's error shape (`x-amzn-errortype:
 * ValidationException`, `{ message, reason, fieldList }`); an unsigned one 403.
 * Signatures are not checked beyond being there.
 */
const PRICING_HEADER = 'x-amz-geo-pricing-bucket';

function awsError(c: Context, status: 400 | 403 | 404, type: string, body: Record<string, unknown>) {
  c.header('x-amzn-errortype', type);
  return c.json(body, status);
}

function invalid(c: Context, problem: Problem) {
  return awsError(c, 400, 'ValidationException', {
    message: problem.message,
    reason: problem.field ? 'FieldValidationFailed' : 'CannotParse',
    fieldList: problem.field ? [{ name: problem.field, message: problem.message }] : [],
  });
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return (await c.req.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The ZIP an address names: its postal-code component, else the last five-digit group of the text. */
function zipOf(query: { text?: string; postalCode?: string }): string | null {
  if (query.postalCode !== undefined) return fiveDigitZip(query.postalCode);
  const groups = query.text?.match(/\b\d{5}(?:-\d{4})?\b/g) ?? [];
  const last = groups.at(-1);
  return last ? fiveDigitZip(last) : null;
}

/** A postal-code match, as Places answers one: the ZIP's centroid. */
function postalCodeResult(zip: string, at: Point) {
  const label = `${zip}, United States`;
  return {
    PlaceId: `local-postal-code-${zip}`,
    PlaceType: 'PostalCode',
    Title: label,
    Address: {
      Label: label,
      Country: { Code2: 'US', Code3: 'USA', Name: 'United States' },
      PostalCode: zip,
    },
    Position: [at.lng, at.lat],
    MapView: [at.lng - 0.05, at.lat - 0.05, at.lng + 0.05, at.lat + 0.05],
    MatchScores: { Overall: 1, Components: { Address: { PostalCode: 1 } } },
  };
}

export function createLocationStandInApp(factors: DriveFactors = readDriveFactors()) {
  const app = new Hono();

  // Every call to Amazon Location is signed (SigV4) or carries an API key; the content is not checked here.
  app.use('*', async (c, next) => {
    if (!c.req.header('authorization') && !c.req.query('key')) {
      return awsError(c, 403, 'AccessDeniedException', { message: 'Missing Authentication Token' });
    }
    return next();
  });

  app.post('/v2/geocode', async (c) => {
    const request = readGeocode(await jsonBody(c));
    if (!request.ok) return invalid(c, request.problem);
    const zip = zipOf(request.query);
    const centroid = zip ? await zipCentroid(zip) : null;
    const usAllowed = !request.countries || request.countries.some((code) => code === 'USA' || code === 'US');
    c.header(PRICING_HEADER, 'Core');
    return c.json({
      ResultItems:
        zip && centroid && usAllowed ? [postalCodeResult(zip, centroid)].slice(0, request.max) : [],
    });
  });

  app.post('/v2/route-matrix', async (c) => {
    const request = readRouteMatrix(await jsonBody(c));
    if (!request.ok) return invalid(c, request.problem);
    const matrix = request.origins.map((from) =>
      request.destinations.map((to) => ({
        Distance: Math.round(roadMetres(from, to, factors)),
        Duration: Math.round(driveSeconds(from, to, factors)),
      })),
    );
    c.header(PRICING_HEADER, 'Core');
    return c.json({ ErrorCount: 0, RouteMatrix: matrix, RoutingBoundary: request.boundary });
  });

  app.notFound((c) => awsError(c, 404, 'ResourceNotFoundException', { message: 'Not found' }));
  return app;
}

/** Starts the stand-in; resolves once it listens. Its URL is both GEO_PLACES_ENDPOINT and GEO_ROUTES_ENDPOINT. */
export async function startLocationStandIn(options: { host: string; port: number }): Promise<RunningStandIn> {
  const app = createLocationStandInApp();
  return serveStandIn(app, options);
}
