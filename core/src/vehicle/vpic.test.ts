import { describe, expect, it } from 'vitest';
import { fetchMakes, fetchModels } from './vpic';

/** Replies in vPIC's own shape (https://vpic.nhtsa.dot.gov/api/), trimmed to a few results. */
const reply =
  (body: unknown, status = 200) =>
  async (_url: string, _init: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** vPIC's envelope around `results`. */
const envelope = (searchCriteria: string, results: unknown[]) => ({
  Count: results.length,
  Message: 'Response returned successfully',
  SearchCriteria: searchCriteria,
  Results: results,
});

describe('the vPIC client', () => {
  it('reads the makes of a vehicle type from the envelope', async () => {
    const urls: string[] = [];
    const makes = await fetchMakes('https://vpic.example/api/vehicles', 'car', async (url, init) => {
      urls.push(url);
      return reply(
        envelope('Vehicle Type: car', [
          { MakeId: 440, MakeName: 'ASTON MARTIN', VehicleTypeId: 2, VehicleTypeName: 'Passenger Car' },
          { MakeId: 448, MakeName: 'TOYOTA ', VehicleTypeId: 2, VehicleTypeName: 'Passenger Car' },
        ]),
      )(url, init);
    });
    expect(urls).toEqual(['https://vpic.example/api/vehicles/GetMakesForVehicleType/car?format=json']);
    expect(makes).toEqual(['ASTON MARTIN', 'TOYOTA']);
  });

  it("keeps only the asked make's models (vPIC matches a part of the name)", async () => {
    const models = await fetchModels(
      'https://vpic.example/api/vehicles',
      'RAM',
      reply(
        envelope('Make:RAM', [
          { Make_ID: 4040, Make_Name: 'RAM', Model_ID: 1, Model_Name: '1500' },
          { Make_ID: 4040, Make_Name: 'RAM', Model_ID: 2, Model_Name: 'ProMaster' },
          { Make_ID: 9999, Make_Name: 'BRAMMO', Model_ID: 3, Model_Name: 'Empulse' },
        ]),
      ),
    );
    expect(models).toEqual(['1500', 'ProMaster']);
  });

  it('throws on an HTTP error or a reply that is not the envelope', async () => {
    await expect(fetchMakes('https://x', 'car', reply({ msg: 'no' }, 500))).rejects.toThrow(/500/);
    await expect(fetchMakes('https://x', 'car', reply({ Results: 'nope' }))).rejects.toThrow();
  });
});
