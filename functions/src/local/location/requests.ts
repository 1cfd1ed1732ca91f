import type { Point } from '@app/core/geo/model';
import * as z from 'zod';

/**
 * The request bodies of the two Amazon Location operations the stand-in
 * serves (./stand-in.ts), checked as the service checks them: the fields the
 * product could send, with their types and ranges; anything else passes.
 */
export type Problem = { message: string; field?: string };
type Read<T> = ({ ok: true } & T) | { ok: false; problem: Problem };

function problemOf(error: z.ZodError): Problem {
  const issue = error.issues[0];
  const field = issue?.path.join('.');
  return {
    message: `${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid request'}`,
    field: field || undefined,
  };
}

const text = z.string().min(1).max(200);

const geocodeRequest = z
  .object({
    QueryText: text.optional(),
    QueryComponents: z
      .object({
        Country: text.optional(),
        Region: text.optional(),
        SubRegion: text.optional(),
        Locality: text.optional(),
        District: text.optional(),
        Street: text.optional(),
        AddressNumber: text.optional(),
        PostalCode: text.optional(),
      })
      .optional(),
    MaxResults: z.number().int().min(1).max(100).optional(),
    Filter: z
      .object({
        IncludeCountries: z
          .array(z.string().regex(/^[A-Z]{2,3}$/))
          .min(1)
          .max(100)
          .optional(),
        IncludePlaceTypes: z.array(z.string()).min(1).optional(),
      })
      .optional(),
    IntendedUse: z.enum(['SingleUse', 'Storage']).optional(),
    Language: z.string().min(2).max(35).optional(),
  })
  .refine((body) => body.QueryText !== undefined || body.QueryComponents !== undefined, {
    message: 'Either QueryText or QueryComponents is required',
  });

export function readGeocode(
  body: unknown,
): Read<{ query: { text?: string; postalCode?: string }; max: number; countries?: string[] }> {
  const parsed = geocodeRequest.safeParse(body);
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error) };
  const { QueryText, QueryComponents, MaxResults, Filter } = parsed.data;
  return {
    ok: true,
    query: { text: QueryText, postalCode: QueryComponents?.PostalCode },
    max: MaxResults ?? 20,
    countries: Filter?.IncludeCountries,
  };
}

/** A position as Amazon Location writes it: `[longitude, latitude]`. */
const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);
const waypoints = z
  .array(z.object({ Position: position, Options: z.record(z.string(), z.unknown()).optional() }))
  .min(1)
  .max(350);

const routeMatrixRequest = z.object({
  Origins: waypoints,
  Destinations: waypoints,
  RoutingBoundary: z
    .object({
      Geometry: z.record(z.string(), z.unknown()).optional(),
      Unbounded: z.boolean().optional(),
    })
    .refine((boundary) => boundary.Geometry !== undefined || boundary.Unbounded === true, {
      message: 'Either Geometry or Unbounded: true is required',
    }),
  TravelMode: z.enum(['Car', 'Pedestrian', 'Scooter', 'Truck']).optional(),
  DepartNow: z.boolean().optional(),
  DepartureTime: z.string().optional(),
  OptimizeRoutingFor: z.enum(['FastestRoute', 'ShortestRoute']).optional(),
});

export function readRouteMatrix(
  body: unknown,
): Read<{ origins: Point[]; destinations: Point[]; boundary: Record<string, unknown> }> {
  const parsed = routeMatrixRequest.safeParse(body);
  if (!parsed.success) return { ok: false, problem: problemOf(parsed.error) };
  const toPoint = ({ Position: [lng, lat] }: { Position: [number, number] }): Point => ({ lat, lng });
  const { Origins, Destinations, RoutingBoundary } = parsed.data;
  return {
    ok: true,
    origins: Origins.map(toPoint),
    destinations: Destinations.map(toPoint),
    boundary: RoutingBoundary,
  };
}
