import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { rawDb } from '@app/core/db/client';
import { ensureTable } from '@app/core/db/setup';
import { estimateMinutes, type Point } from '@app/core/geo/model';
import { TIMEOUT_MS } from '@app/core/geo/provider';
import { zipCentroid } from '@app/core/geo/zip';
import { serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../ports';
import { createLocationStandInApp } from './stand-in';

/**
 * core/src/geo's clients (decision 065) against Amazon Location's protocol:
 * through the stand-in (counted), against a provider that answers
 * differently, and with the provider unreachable, failing or hanging, where
 * every call still answers with the ZIP centroid and the estimate.
 *
 * Each test loads a fresh copy of core (config, SDK clients, caches) pointed
 * at this file's front server, whose behaviour the test picks, and has a
 * table of its own (drive times are kept there: decision 105); a test that
 * loads core again within itself is a cold process reading the same table.
 */
type Handler = (request: Request) => Response | Promise<Response>;
const standIn = createLocationStandInApp();
const calls: string[] = [];
let behave: Handler = (request) => standIn.fetch(request);
let front: Server;
let frontUrl = '';
const saved = { ...process.env };

beforeAll(async () => {
  const port = await freePort();
  front = serve({
    hostname: '127.0.0.1',
    port,
    fetch: async (request) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return behave(request);
    },
  }) as Server;
  frontUrl = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  front.closeAllConnections();
  front.close();
});

let testTable = '';
beforeEach(async () => {
  testTable = `test-geo-${randomUUID()}`;
  await ensureTable(rawDb(), testTable);
  process.env.TABLE_NAME = testTable;
});

afterEach(async () => {
  await rawDb().send(new DeleteTableCommand({ TableName: testTable }));
  process.env = { ...saved };
  behave = (request) => standIn.fetch(request);
  calls.length = 0;
  vi.restoreAllMocks();
});

async function geo(endpoint = frontUrl, table = testTable) {
  vi.resetModules();
  process.env.TABLE_NAME = table;
  process.env.GEO_PLACES_ENDPOINT = endpoint;
  process.env.GEO_ROUTES_ENDPOINT = endpoint;
  return (await import('@app/core/geo/index')).Geo;
}

const malvern = { street: '100 Lancaster Ave', city: 'Malvern', state: 'PA', zipCode: '19355' };
const base = { lat: 39.9607, lng: -75.6055 };
const exton: Point = (await zipCentroid('19341')) as Point;
const lancaster: Point = (await zipCentroid('17601')) as Point;
const malvernCentroid = (await zipCentroid('19355')) as Point;

describe('through the Amazon Location stand-in', () => {
  it('geocodes a street address to its ZIP centroid, approximate (a postal-code match), with one Geocode call', async () => {
    const Geo = await geo();
    expect(await Geo.geocode(malvern)).toEqual({ ...malvernCentroid, approximate: true });
    expect(calls).toEqual(['POST /v2/geocode']);
    // The same address again: from memory.
    await Geo.geocode(malvern);
    expect(calls).toHaveLength(1);
  });

  it('answers an unknown ZIP with null, without asking', async () => {
    const Geo = await geo();
    expect(await Geo.geocode({ ...malvern, zipCode: '00000' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('drive minutes come from one CalculateRouteMatrix call, as the estimate rounds them; known pairs from memory', async () => {
    const Geo = await geo();
    const minutes = await Geo.driveMinutes([base, exton], [exton, lancaster, base]);
    expect(minutes).toEqual([
      [estimateMinutes(base, exton), estimateMinutes(base, lancaster), 0],
      [0, estimateMinutes(exton, lancaster), estimateMinutes(exton, base)],
    ]);
    expect(minutes[0]?.[1]).toBeGreaterThan(30);
    expect(calls).toEqual(['POST /v2/route-matrix']);
    // Every pair is known now: no call.
    expect(await Geo.driveMinutes([exton], [lancaster, base])).toEqual([minutes[1]?.slice(1)]);
    expect(calls).toHaveLength(1);
    // A new destination: one call, for what is missing only.
    await Geo.driveMinutes([base, exton], [malvernCentroid, lancaster]);
    expect(calls).toHaveLength(2);
  });

  it('asks for a large matrix in blocks of 15 × 15', async () => {
    const Geo = await geo();
    const points = Array.from({ length: 20 }, (_, i) => ({ lat: 39.9 + i * 0.01, lng: -75.6 }));
    const minutes = await Geo.driveMinutes(points, points);
    expect(minutes.flat().every((value, index) => (index % 21 === 0 ? value === 0 : value >= 10))).toBe(true);
    expect(calls).toHaveLength(4);
  });
});

describe('what the routing service bills', () => {
  it('a new place among known ones asks only for its row and column, not the whole matrix again', async () => {
    const Geo = await geo();
    const billed: number[] = [];
    behave = async (request) => {
      const body = (await request.clone().json()) as { Origins: unknown[]; Destinations: unknown[] };
      billed.push(body.Origins.length * body.Destinations.length);
      return standIn.fetch(request);
    };
    const day = Array.from({ length: 10 }, (_, i) => ({ lat: 39.9 + i * 0.01, lng: -75.6 }));
    await Geo.driveMinutes(day, day);
    expect(billed).toEqual([100]);
    billed.length = 0;
    const newcomer = { lat: 40.05, lng: -75.5 };
    const places = [...day, newcomer];
    const minutes = await Geo.driveMinutes(places, places);
    // Its row (to the 10 others) and its column (from them): 20 pairs in two requests, not 121.
    expect(billed.sort((a, b) => a - b)).toEqual([10, 10]);
    expect(minutes[10]?.[0]).toBe(estimateMinutes(newcomer, day[0] as Point));
    expect(minutes[0]?.[10]).toBe(estimateMinutes(day[0] as Point, newcomer));
  });
});

describe('drive times kept in the table: a cold process does not buy them again (decision 105)', () => {
  /** Counts the pairs each route-matrix request bills. */
  const billed: number[] = [];
  const counting = () => {
    billed.length = 0;
    behave = async (request) => {
      const body = (await request.clone().json()) as { Origins: unknown[]; Destinations: unknown[] };
      billed.push(body.Origins.length * body.Destinations.length);
      return standIn.fetch(request);
    };
  };
  const day = Array.from({ length: 10 }, (_, i) => ({ lat: 40.1 + i * 0.01, lng: -75.4 }));
  const newcomer = { lat: 40.05, lng: -75.5 };

  it('a fresh process asks for nothing the table knows, and for a new place only its row and column', async () => {
    counting();
    const warm = await geo();
    const minutes = await warm.driveMinutes(day, day);
    expect(billed).toEqual([100]);
    billed.length = 0;
    // A cold container (fresh modules, empty memory): the whole day from the table, nothing bought.
    const cold = await geo();
    expect(await cold.driveMinutes(day, day)).toEqual(minutes);
    expect(billed).toEqual([]);
    // Another cold container, a new place among the ten: its row and its column, 20 pairs.
    const places = [...day, newcomer];
    const withNewcomer = await (await geo()).driveMinutes(places, places);
    expect(billed.sort((a, b) => a - b)).toEqual([10, 10]);
    expect(withNewcomer[10]?.[0]).toBe(estimateMinutes(newcomer, day[0] as Point));
    expect(withNewcomer.slice(0, 10).map((row) => row.slice(0, 10))).toEqual(minutes);
    // And one more: all 121 known.
    billed.length = 0;
    expect(await (await geo()).driveMinutes(places, places)).toEqual(withNewcomer);
    expect(billed).toEqual([]);
  });

  it('estimates are not kept as measured: the next process asks the service', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    behave = () => new Response('{"message":"oops"}', { status: 500 });
    const failing = await geo();
    expect(await failing.driveMinutes([base], [lancaster])).toEqual([[estimateMinutes(base, lancaster)]]);
    // The service is back, answering 95 s (10 minutes, not the estimate): a fresh process asks it.
    behave = () =>
      Response.json({ ErrorCount: 0, RouteMatrix: [[{ Distance: 900, Duration: 95 }]], RoutingBoundary: {} });
    calls.length = 0;
    expect(await (await geo()).driveMinutes([base], [lancaster])).toEqual([[10]]);
    expect(calls).toEqual(['POST /v2/route-matrix']);
  });

  it('a pair kept longer than DRIVE_TIMES_KEEP_DAYS is measured again', async () => {
    process.env.DRIVE_TIMES_KEEP_DAYS = '2';
    counting();
    await (await geo()).driveMinutes([base], [exton, lancaster]);
    expect(billed).toEqual([2]);
    const now = Date.now();
    // A day later: still kept.
    vi.spyOn(Date, 'now').mockReturnValue(now + 86_400_000);
    await (await geo()).driveMinutes([base], [exton, lancaster]);
    expect(billed).toEqual([2]);
    // Three days later: measured again (both pairs), and kept again.
    vi.spyOn(Date, 'now').mockReturnValue(now + 3 * 86_400_000);
    await (await geo()).driveMinutes([base], [exton, lancaster]);
    expect(billed).toEqual([2, 2]);
    await (await geo()).driveMinutes([base], [exton, lancaster]);
    expect(billed).toEqual([2, 2]);
  });

  it('a table that fails is skipped, logged once: the routing service answers as before', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    counting();
    const Geo = await geo(frontUrl, `missing-${randomUUID()}`);
    expect(await Geo.driveMinutes([base, exton], [lancaster])).toEqual([
      [estimateMinutes(base, lancaster)],
      [estimateMinutes(exton, lancaster)],
    ]);
    expect(await Geo.driveMinutes([base, exton], [malvernCentroid])).toEqual([
      [estimateMinutes(base, malvernCentroid)],
      [estimateMinutes(exton, malvernCentroid)],
    ]);
    expect(billed).toEqual([2, 2]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('kept drive times failed');
  });
});

describe('a provider that answers differently', () => {
  const placesReply = (type: string, at: Point) => () =>
    Response.json({
      ResultItems: [{ PlaceId: 'p', PlaceType: type, Title: 't', Position: [at.lng, at.lat] }],
    });

  it('an address-level match is exact: not approximate', async () => {
    behave = placesReply('PointAddress', { lat: 40.0412, lng: -75.5133 });
    const Geo = await geo();
    expect(await Geo.geocode(malvern)).toEqual({ lat: 40.0412, lng: -75.5133, approximate: false });
  });

  it('a match far from the ZIP is not trusted: the ZIP centroid', async () => {
    behave = placesReply('PointAddress', { lat: 34.05, lng: -118.24 });
    const Geo = await geo();
    expect(await Geo.geocode(malvern)).toEqual({ ...malvernCentroid, approximate: true });
  });

  it('no result: the ZIP centroid', async () => {
    behave = () => Response.json({ ResultItems: [] });
    const Geo = await geo();
    expect(await Geo.geocode(malvern)).toEqual({ ...malvernCentroid, approximate: true });
  });

  it('provider durations become minutes like the estimate (floor 10, up to 5); a pair it cannot route gets the estimate', async () => {
    behave = () =>
      Response.json({
        ErrorCount: 1,
        RouteMatrix: [
          [{ Distance: 900, Duration: 95 }, { Distance: 40000, Duration: 1801 }, { Error: 'NoRoute' }],
        ],
        RoutingBoundary: { Unbounded: true },
      });
    const Geo = await geo();
    expect(await Geo.driveMinutes([base], [exton, malvernCentroid, lancaster])).toEqual([
      [10, 35, estimateMinutes(base, lancaster)],
    ]);
  });
});

describe('when Amazon Location fails, nothing else does', () => {
  const expectFallback = async (Geo: Awaited<ReturnType<typeof geo>>) => {
    expect(await Geo.geocode(malvern)).toEqual({ ...malvernCentroid, approximate: true });
    expect(await Geo.driveMinutes([base, exton], [lancaster])).toEqual([
      [estimateMinutes(base, lancaster)],
      [estimateMinutes(exton, lancaster)],
    ]);
  };

  it('unreachable: the ZIP centroid and the estimate, logged once per service', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Geo = await geo(`http://127.0.0.1:${await freePort()}`);
    await expectFallback(Geo);
    await expectFallback(Geo);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain('places failed');
    expect(String(warn.mock.calls[1]?.[0])).toContain('routes failed');
  });

  it('answering 500 or garbage: the same fallback', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    behave = () =>
      new Response('{"message":"oops"}', {
        status: 500,
        headers: { 'x-amzn-errortype': 'InternalServerException' },
      });
    await expectFallback(await geo());
    expect(calls).toEqual(['POST /v2/geocode', 'POST /v2/route-matrix']);
    behave = () => new Response('<html>', { status: 200 });
    await expectFallback(await geo());
  });

  it('hanging: cut off after 1.5 s, once; during the cool-down the fallback comes at once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    behave = () => new Promise<Response>(() => {});
    // The request's timer, held by the test: it fires when the test says, not after 1.5 s of the machine's time.
    const timers: AbortController[] = [];
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => {
      const timer = new AbortController();
      timers.push(timer);
      return timer.signal;
    });
    const Geo = await geo();
    const hanging = Geo.driveMinutes([base], [lancaster]);
    await vi.waitFor(() => expect(calls).toEqual(['POST /v2/route-matrix']));
    expect(timeout.mock.calls).toEqual([[TIMEOUT_MS]]);
    expect(TIMEOUT_MS).toBe(1500);
    timers[0]?.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(await hanging).toEqual([[estimateMinutes(base, lancaster)]]);
    // During the cool-down: the fallback without asking the service or waiting on a timer.
    expect(await Geo.driveMinutes([exton], [lancaster])).toEqual([[estimateMinutes(exton, lancaster)]]);
    expect(timeout).toHaveBeenCalledTimes(1);
    // One attempt, no retries.
    expect(calls).toEqual(['POST /v2/route-matrix']);
  });
});
