// The SDKs are core's dependencies (core/src/geo calls them); this test drives them directly at the stand-in.
// eslint-disable-next-line import-x/no-extraneous-dependencies
import { GeocodeCommand, GeoPlacesClient } from '@aws-sdk/client-geo-places';
// eslint-disable-next-line import-x/no-extraneous-dependencies
import { CalculateRouteMatrixCommand, GeoRoutesClient } from '@aws-sdk/client-geo-routes';
import { readDriveFactors } from '@app/core/config';
import { driveSeconds, METRES_PER_MILE, miles } from '@app/core/geo/model';
import { zipCentroid } from '@app/core/geo/zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../ports';
import { startLocationStandIn } from './stand-in';

/**
 * The Amazon Location stand-in speaks the real protocol: the AWS SDK's own
 * clients call it unchanged, and a malformed call gets AWS's error shape.
 */
let stop: () => Promise<void>;
let url = '';
let places: GeoPlacesClient;
let routes: GeoRoutesClient;

beforeAll(async () => {
  const started = await startLocationStandIn({ host: '127.0.0.1', port: await freePort() });
  ({ stop, url } = started);
  const options = {
    endpoint: url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  };
  places = new GeoPlacesClient(options);
  routes = new GeoRoutesClient(options);
});

afterAll(async () => {
  places.destroy();
  routes.destroy();
  await stop();
});

const westChester = (await zipCentroid('19380'))!;
const lancaster = (await zipCentroid('17601'))!;
const position = ({ lat, lng }: { lat: number; lng: number }): [number, number] => [lng, lat];

describe('Places Geocode (POST /v2/geocode)', () => {
  it('a street address resolves to its ZIP centroid as a postal-code match', async () => {
    const reply = await places.send(
      new GeocodeCommand({
        QueryText: '1 N High St, West Chester, PA 19380',
        MaxResults: 1,
        Filter: { IncludeCountries: ['USA'] },
        IntendedUse: 'Storage',
      }),
    );
    expect(reply.ResultItems).toHaveLength(1);
    const [item] = reply.ResultItems ?? [];
    expect(item?.PlaceType).toBe('PostalCode');
    expect(item?.Position).toEqual(position(westChester));
    expect(item?.Address?.PostalCode).toBe('19380');
    expect(item?.Address?.Country?.Code3).toBe('USA');
    expect(reply.PricingBucket).toBe('Core');
  });

  it('takes the ZIP from the query components too, a ZIP+4 as well', async () => {
    const reply = await places.send(
      new GeocodeCommand({
        QueryComponents: { Street: 'King St', Locality: 'Lancaster', PostalCode: '17601-2345' },
      }),
    );
    expect(reply.ResultItems?.[0]?.Position).toEqual(position(lancaster));
  });

  it('an unknown or missing ZIP, or a filter without the US: no results', async () => {
    for (const command of [
      new GeocodeCommand({ QueryText: '1 Main St, Nowhere 00000' }),
      new GeocodeCommand({ QueryText: '1 Main St, Springfield' }),
      new GeocodeCommand({ QueryText: '1 N High St, 19380', Filter: { IncludeCountries: ['CAN'] } }),
    ]) {
      expect((await places.send(command)).ResultItems).toEqual([]);
    }
  });

  it('a request with neither text nor components is a ValidationException (400)', async () => {
    const error = await places.send(new GeocodeCommand({ MaxResults: 1 })).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
    const bad = await places
      .send(new GeocodeCommand({ QueryText: 'x', MaxResults: 0 }))
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ name: 'ValidationException', Reason: 'FieldValidationFailed' });
  });
});

describe('Routes CalculateRouteMatrix (POST /v2/route-matrix)', () => {
  it('every origin × destination: seconds and metres from the drive estimate', async () => {
    const reply = await routes.send(
      new CalculateRouteMatrixCommand({
        Origins: [{ Position: position(westChester) }, { Position: position(lancaster) }],
        Destinations: [{ Position: position(lancaster) }, { Position: position(westChester) }],
        RoutingBoundary: { Unbounded: true },
        TravelMode: 'Car',
      }),
    );
    const factors = readDriveFactors({});
    const seconds = Math.round(driveSeconds(westChester, lancaster, factors));
    const metres = Math.round(miles(westChester, lancaster) * factors.driveDetourFactor * METRES_PER_MILE);
    expect(reply.ErrorCount).toBe(0);
    expect(reply.RouteMatrix).toEqual([
      [
        { Duration: seconds, Distance: metres },
        { Duration: 0, Distance: 0 },
      ],
      [
        { Duration: 0, Distance: 0 },
        { Duration: seconds, Distance: metres },
      ],
    ]);
    // About 40 miles as the crow flies: 52 road miles at 30 mph, some 100 minutes.
    expect(seconds / 60).toBeGreaterThan(90);
    expect(reply.RoutingBoundary).toEqual({ Unbounded: true });
  });

  it.each([
    [
      'no origins',
      { Origins: [], Destinations: [{ Position: [-75.6, 39.9] }], RoutingBoundary: { Unbounded: true } },
    ],
    [
      'no routing boundary',
      { Origins: [{ Position: [-75.6, 39.9] }], Destinations: [{ Position: [-75.6, 39.9] }] },
    ],
    [
      'a latitude out of range',
      {
        Origins: [{ Position: [-75.6, 99] }],
        Destinations: [{ Position: [-75.6, 39.9] }],
        RoutingBoundary: { Unbounded: true },
      },
    ],
  ])('%s: ValidationException (400)', async (_, input) => {
    const error = await routes
      .send(
        new CalculateRouteMatrixCommand(
          input as ConstructorParameters<typeof CalculateRouteMatrixCommand>[0],
        ),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
  });
});

describe('the HTTP protocol', () => {
  it('an unsigned call is refused with 403 AccessDeniedException; a body that is not JSON with 400', async () => {
    const unsigned = await fetch(`${url}/v2/geocode`, { method: 'POST', body: '{"QueryText":"19380"}' });
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('AccessDeniedException');
    const broken = await fetch(`${url}/v2/route-matrix`, {
      method: 'POST',
      headers: { authorization: 'AWS4-HMAC-SHA256 whatever', 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('x-amzn-errortype')).toBe('ValidationException');
    expect(await broken.json()).toMatchObject({ message: expect.any(String), reason: 'CannotParse' });
  });
});
