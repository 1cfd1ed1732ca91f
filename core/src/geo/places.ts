import type { GeoPlacesClient } from '@aws-sdk/client-geo-places';
import type { Point } from './model';
import { attempt, available, clientOptions, sdkExports } from './provider';

type PlacesSdk = typeof import('@aws-sdk/client-geo-places');

/**
 * Amazon Location's Places API, `Geocode` (decision 065). The SDK is loaded
 * on first use (a chunk of its own in the Lambda bundle) and the client is
 * made once. Locally the endpoint is the stand-in (functions/src/local/location).
 */
let sdkLoading: Promise<PlacesSdk> | undefined;
let client: GeoPlacesClient | undefined;

/** Result types that place the address itself; any other (a postal code, a street, a locality) is approximate. */
const ADDRESS_LEVEL = new Set([
  'PointAddress',
  'InterpolatedAddress',
  'SecondaryAddress',
  'InferredSecondaryAddress',
]);

export type Geocoded = Point & { approximate: boolean };

/**
 * The first result for a US address, or undefined when the service failed,
 * is cooling down after a failure, or found nothing.
 */
export async function geocodeWithPlaces(address: {
  street: string;
  city: string;
  state: string;
  zipCode: string;
}): Promise<Geocoded | undefined> {
  if (!available('places')) return undefined;
  const found = await attempt('places', async (requestSignal) => {
    sdkLoading ??= import('@aws-sdk/client-geo-places').then((sdk) => sdkExports(sdk, 'GeoPlacesClient'));
    const { GeoPlacesClient, GeocodeCommand } = await sdkLoading;
    client ??= new GeoPlacesClient(clientOptions('places'));
    const reply = await client.send(
      new GeocodeCommand({
        QueryText: `${address.street}, ${address.city}, ${address.state} ${address.zipCode}`,
        MaxResults: 1,
        Filter: { IncludeCountries: ['USA'] },
        // The coordinates are kept with the address: Amazon Location's terms ask for "Storage" then.
        IntendedUse: 'Storage',
      }),
      { abortSignal: requestSignal() },
    );
    return reply.ResultItems?.[0];
  });
  const [lng, lat] = found?.Position ?? [];
  if (!found || typeof lat !== 'number' || typeof lng !== 'number') return undefined;
  return { lat, lng, approximate: !ADDRESS_LEVEL.has(found.PlaceType ?? '') };
}
