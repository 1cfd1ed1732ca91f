import * as z from 'zod';

/**
 * NHTSA's vPIC API, the two calls the forms need: the makes of a vehicle
 * type (`GetMakesForVehicleType/{type}`) and the models of a make
 * (`GetModelsForMake/{make}`), with `format=json`. Every reply is the same
 * envelope `{ Count, Message, SearchCriteria, Results }`. A short timeout:
 * a slow vPIC must never hold the admin's form (the caller serves its cache).
 * No caching and no policy here: see ./index.ts.
 */
export const TIMEOUT_MS = 3000;

/** vPIC's vehicle types whose makes the forms offer: passenger cars, and MPVs (SUVs, minivans, crossovers). */
export const PASSENGER_TYPES = ['car', 'mpv'] as const;

const envelope = <T extends z.ZodType>(result: T) =>
  z.object({ Count: z.number().optional(), Message: z.string().optional(), Results: z.array(result) });

const MakesReply = envelope(z.object({ MakeId: z.number().optional(), MakeName: z.string() }));
const ModelsReply = envelope(
  z.object({ Make_ID: z.number().optional(), Make_Name: z.string(), Model_Name: z.string() }),
);

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

async function getJson(url: string, doFetch: Fetch): Promise<unknown> {
  const response = await doFetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`vPIC answered ${response.status} for ${url}`);
  return response.json();
}

/** The makes vPIC lists for a vehicle type, as it spells them (upper case). Throws on any failure. */
export async function fetchMakes(baseUrl: string, type: string, doFetch: Fetch = fetch): Promise<string[]> {
  const body = await getJson(
    `${baseUrl}/GetMakesForVehicleType/${encodeURIComponent(type)}?format=json`,
    doFetch,
  );
  return MakesReply.parse(body).Results.map((make) => make.MakeName.trim());
}

/**
 * The models of one make. vPIC matches the make's name as a part (`ram` also
 * finds `BRAMMO`), so only the results of exactly that make are kept.
 */
export async function fetchModels(baseUrl: string, make: string, doFetch: Fetch = fetch): Promise<string[]> {
  const body = await getJson(`${baseUrl}/GetModelsForMake/${encodeURIComponent(make)}?format=json`, doFetch);
  const wanted = make.toUpperCase();
  return ModelsReply.parse(body)
    .Results.filter((result) => result.Make_Name.trim().toUpperCase() === wanted)
    .map((result) => result.Model_Name.trim())
    .filter(Boolean);
}

const VinReply = envelope(
  z.object({
    Make: z.string().nullish(),
    Model: z.string().nullish(),
    ModelYear: z.string().nullish(),
    BodyClass: z.string().nullish(),
    ErrorCode: z.string().nullish(),
  }),
);

/** What vPIC's DecodeVinValues says of a VIN; null when it has no data for it. */
export type DecodedVin = { make: string; model: string; year: number; bodyClass: string };

/**
 * One VIN decoded (`DecodeVinValues/{vin}`, issue 34): its make (as vPIC spells it), model, model
 * year and body class. vPIC answers 200 with empty values for a VIN it knows nothing of: null then.
 * Throws on any failure (the caller answers that vPIC is unavailable).
 */
export async function decodeVin(
  baseUrl: string,
  vin: string,
  doFetch: Fetch = fetch,
): Promise<DecodedVin | null> {
  const body = await getJson(`${baseUrl}/DecodeVinValues/${encodeURIComponent(vin)}?format=json`, doFetch);
  const result = VinReply.parse(body).Results[0];
  const make = result?.Make?.trim() ?? '';
  const model = result?.Model?.trim() ?? '';
  const year = Number(result?.ModelYear?.trim() ?? '');
  if (!make || !model || !Number.isInteger(year) || year < 1900) return null;
  return { make, model, year, bodyClass: result?.BodyClass?.trim() ?? '' };
}
