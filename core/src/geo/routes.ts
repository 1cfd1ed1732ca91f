import type { GeoRoutesClient } from '@aws-sdk/client-geo-routes';
import type { Point } from './model';
import { attempt, available, clientOptions, sdkExports } from './provider';

type RoutesSdk = typeof import('@aws-sdk/client-geo-routes');

/**
 * Amazon Location's Routes API, `CalculateRouteMatrix` (decision 065): car
 * drive times between points, without traffic (a schedule is planned days
 * ahead). Loaded on first use; one client, made once. Locally the endpoint
 * is the stand-in (functions/src/local/location).
 */
let sdkLoading: Promise<RoutesSdk> | undefined;
let client: GeoRoutesClient | undefined;

/** The most origins (and destinations) one request carries; larger matrices are asked for in blocks. */
export const MATRIX_BLOCK = 15;

/**
 * Drive seconds from each origin to each destination (`null` where the
 * service could not route a pair), or undefined when the call failed or the
 * service is cooling down after a failure.
 */
export async function routeMatrix(
  origins: readonly Point[],
  destinations: readonly Point[],
): Promise<(number | null)[][] | undefined> {
  if (!available('routes')) return undefined;
  const rows: (number | null)[][] = [];
  for (let start = 0; start < origins.length; start += MATRIX_BLOCK) {
    const block = origins.slice(start, start + MATRIX_BLOCK);
    for (let column = 0; column < destinations.length; column += MATRIX_BLOCK) {
      const part = await matrixBlock(block, destinations.slice(column, column + MATRIX_BLOCK));
      if (!part) return undefined;
      part.forEach((row, index) => {
        rows[start + index] = [...(rows[start + index] ?? []), ...row];
      });
    }
  }
  return rows;
}

async function matrixBlock(
  origins: readonly Point[],
  destinations: readonly Point[],
): Promise<(number | null)[][] | undefined> {
  const reply = await attempt('routes', async (requestSignal) => {
    const { GeoRoutesClient, CalculateRouteMatrixCommand } = await sdk();
    client ??= new GeoRoutesClient(clientOptions('routes'));
    return client.send(
      new CalculateRouteMatrixCommand({
        Origins: origins.map(({ lat, lng }) => ({ Position: [lng, lat] })),
        Destinations: destinations.map(({ lat, lng }) => ({ Position: [lng, lat] })),
        RoutingBoundary: { Unbounded: true },
        TravelMode: 'Car',
      }),
      { abortSignal: requestSignal() },
    );
  });
  const matrix = reply?.RouteMatrix;
  if (!matrix || matrix.length !== origins.length) return undefined;
  return matrix.map((row) =>
    destinations.map((_, index) => {
      const entry = row[index];
      return entry && !entry.Error && typeof entry.Duration === 'number' ? entry.Duration : null;
    }),
  );
}

function sdk(): Promise<RoutesSdk> {
  sdkLoading ??= import('@aws-sdk/client-geo-routes').then((sdk) => sdkExports(sdk, 'GeoRoutesClient'));
  return sdkLoading;
}
