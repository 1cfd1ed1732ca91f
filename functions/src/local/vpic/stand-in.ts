import { Hono } from 'hono';
import data from './vehicles.json' with { type: 'json' };
import decoded from './vins.json' with { type: 'json' };
import { type RunningStandIn, serveStandIn } from '../serve-stand-in';

/**
 * The local vPIC: NHTSA's vehicle API as far as the shop calls it
 * (GET /api/vehicles/GetMakesForVehicleType/{type},
 * /api/vehicles/GetModelsForMake/{make} and, for the garage (issue 34),
 * /api/vehicles/DecodeVinValues/{vin}, `format=json`), with vPIC's URL
 * paths, its envelope `{ Count, Message, SearchCriteria, Results }` and its
 * field names, serving ./vehicles.json: the common US makes with a selection
 * of their models, and a few makes the shop's list leaves out, and ./vins.json:
 * a few VINs of each class (any other VIN answers vPIC's "no data"). Like vPIC,
 * the type and the make are matched as a part of the name, ignoring case.
 * So the real client (core/src/vehicle/vpic.ts) runs locally, with no network.
 */
type Make = (typeof data.makes)[number];

/** vPIC's vehicle type names and ids, as its GetVehicleTypesForMake lists them. */
const TYPES: Record<string, { id: number; name: string }> = {
  car: { id: 2, name: 'Passenger Car' },
  mpv: { id: 7, name: 'Multipurpose Passenger Vehicle (MPV)' },
  truck: { id: 3, name: 'Truck ' },
  motorcycle: { id: 1, name: 'Motorcycle' },
};

const OK = 'Response returned successfully';

/** vPIC's DecodeVinValues message, and its error codes: 0 decoded clean, 8 no detailed data. */
const DECODED =
  'Results returned successfully. NOTE: Any missing decoded values should be interpreted as NHTSA does not have data on the specific variable. Missing value should be represented as "" or NULL.';
const CLEAN = { ErrorCode: '0', ErrorText: '0 - VIN decoded clean. Check Digit (9th position) is correct' };
const NO_DATA = { ErrorCode: '8', ErrorText: '8 - No detailed data available currently' };
const BLANK = { Make: '', Model: '', ModelYear: '', BodyClass: '', VehicleType: '' };

export function createVpicStandInApp(makes: readonly Make[] = data.makes) {
  return new Hono()
    .get('/api/vehicles/GetMakesForVehicleType/:type', (c) => {
      const wanted = c.req.param('type').trim().toLowerCase();
      const results = makes.flatMap((make) =>
        make.types
          .map((key) => TYPES[key])
          .filter(
            (type): type is { id: number; name: string } =>
              !!type && type.name.toLowerCase().includes(wanted),
          )
          .map((type) => ({
            MakeId: make.MakeId,
            MakeName: make.MakeName,
            VehicleTypeId: type.id,
            VehicleTypeName: type.name,
          })),
      );
      return c.json({
        Count: results.length,
        Message: OK,
        SearchCriteria: `Vehicle Type: ${c.req.param('type')}`,
        Results: results,
      });
    })
    .get('/api/vehicles/GetModelsForMake/:make', (c) => {
      const wanted = c.req.param('make').trim().toUpperCase();
      const results = makes
        .filter((make) => make.MakeName.includes(wanted))
        .flatMap((make) =>
          make.models.map((model) => ({
            Make_ID: make.MakeId,
            Make_Name: make.MakeName,
            Model_ID: model.Model_ID,
            Model_Name: model.Model_Name,
          })),
        );
      return c.json({
        Count: results.length,
        Message: OK,
        SearchCriteria: `Make:${c.req.param('make')}`,
        Results: results,
      });
    })
    .get('/api/vehicles/DecodeVinValues/:vin', (c) => {
      const vin = c.req.param('vin').trim().toUpperCase();
      const found = decoded.vins.find((v) => v.VIN === vin);
      return c.json({
        Count: 1,
        Message: DECODED,
        SearchCriteria: `VIN:${vin}`,
        Results: [found ? { ...found, ...CLEAN } : { ...BLANK, VIN: vin, ...NO_DATA }],
      });
    });
}

/** Starts the stand-in; resolves once it listens. Its base URL is what VPIC_BASE_URL takes. */
export async function startVpicStandIn(options: { host: string; port: number }): Promise<RunningStandIn> {
  const running = await serveStandIn(createVpicStandInApp(), options);
  return { ...running, url: `${running.url}/api/vehicles` };
}
