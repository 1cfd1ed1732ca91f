import { describe, expect, it } from 'vitest';
import { vinMessages } from '@app/core/garage/vin';
import { validateVehicle, vehicleBody, type VehicleFormFields } from './vehicle-form';

const truck: VehicleFormFields = {
  vin: '1ftew1e56kfa12345',
  year: '2019',
  make: ' Ford ',
  model: 'F-150',
  color: '',
  plate: '',
  vehicleClass: 'truck',
  bodyClass: 'Pickup',
  miles: '41000',
};

describe('the Vehicles form (issue 34)', () => {
  it('takes a valid vehicle, and sends it trimmed, the VIN upper case, the miles a number', () => {
    expect(Object.values(validateVehicle(truck)).filter(Boolean)).toEqual([]);
    expect(vehicleBody(truck)).toEqual({
      vin: '1FTEW1E56KFA12345',
      year: 2019,
      make: 'Ford',
      model: 'F-150',
      color: '',
      plate: '',
      bodyClass: 'Pickup',
      vehicleClass: 'truck',
      miles: 41000,
    });
  });

  it("says what the server says: a VIN's check digit, a missing make, a bad year or mileage", () => {
    const problems = validateVehicle({
      ...truck,
      vin: '1FTEW1E57KFA12345',
      make: '',
      year: '1800',
      miles: '-3',
    });
    expect(problems.vin).toBe(vinMessages.checkDigit);
    expect(problems.make).toMatch(/Make/);
    expect(problems.year).toMatch(/Vehicle year/);
    expect(problems.miles).toMatch(/Mileage/);
  });

  it('leaves out a class not chosen and a mileage not typed', () => {
    const body = vehicleBody({ ...truck, vehicleClass: '', miles: ' ' });
    expect(body).not.toHaveProperty('vehicleClass');
    expect(body).not.toHaveProperty('miles');
  });
});
