import * as z from 'zod';
import { useUser } from '../actor';
import { config } from '../config';
import { VisibleError } from '../error';
import { callerFirst, fn } from '../util/fn';
import { COMMON_MAKES } from '../vehicle/common-makes';
import { type DecodedVin, decodeVin as askVpic, type Fetch } from '../vehicle/vpic';
import { suggestedClass } from './class';
import { Vin } from './input';
import type { VehicleClass } from './model';

/**
 * A VIN decoded for the Vehicles form and the booking's vehicle step (issue 34): vPIC's
 * `DecodeVinValues` (core/src/vehicle/vpic.ts, a short timeout) fills make, model, year and body
 * class, and the body class suggests the vehicle class (./class.ts). Any signed-in caller (a
 * customer, the desk); the VIN is checked first (17 characters, its check digit), so vPIC is asked
 * only about real VINs.
 */
export const decodeMessages = {
  unknown: 'We could not find this VIN. Please type the vehicle in.',
  unavailable: 'VIN lookup is unavailable right now. Please type the vehicle in.',
  required: 'VIN is required.',
} as const;

export type Decoded = DecodedVin & { vin: string; vehicleClass: VehicleClass | null };

/** Lets tests play vPIC (a slow one, a broken one); production uses `fetch`. */
let doFetch: Fetch = (url, init) => fetch(url, init);
export function useFetch(next: Fetch | null): void {
  doFetch = next ?? ((url, init) => fetch(url, init));
}

/** vPIC's upper-case make as the shop's forms name it (`FORD` → `Ford`). */
function makeName(vpic: string): string {
  const known = COMMON_MAKES.find((make) => make.vpic === vpic.toUpperCase());
  if (known) return known.name;
  return vpic.toLowerCase().replace(/\b[a-z]/g, (ch) => ch.toUpperCase());
}

export const decode = fn(
  Vin.refine((vin) => vin.length > 0, decodeMessages.required),
  async (vin): Promise<Decoded> => {
    useUser();
    let found: DecodedVin | null;
    try {
      found = await askVpic(config().vpicBaseUrl, vin, doFetch);
    } catch (error) {
      console.warn(
        JSON.stringify({ level: 'warn', msg: 'garage: vPIC VIN decode failed', error: String(error) }),
      );
      throw new VisibleError('bad_gateway', decodeMessages.unavailable);
    }
    if (!found) throw new VisibleError('not_found', decodeMessages.unknown);
    return {
      ...found,
      vin,
      make: makeName(found.make),
      vehicleClass: suggestedClass(found.bodyClass) ?? null,
    };
  },
  callerFirst(useUser),
);

export type DecodeInput = z.input<typeof decode.schema>;
