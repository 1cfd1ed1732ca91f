import * as z from 'zod';
import { VisibleError } from '../error';
import { fn } from '../util/fn';
import { Geo } from './index';
import { fiveDigitZip } from './zip';

/**
 * "Does the shop come here?" (issue 20, decision 065): the booking page asks
 * as soon as an address (or only a ZIP) is known, before it shows times.
 * With a street the address is geocoded (Amazon Location, else the ZIP's
 * centroid); with a ZIP alone its centroid is used.
 */
export namespace ServiceArea {
  const optionalText = (max: number, name: string) =>
    z
      .string({ error: `${name} must be text.` })
      .trim()
      .max(max, `${name} must be at most ${max} characters.`)
      .optional();

  export const Query = z.object({
    zipCode: z
      .string({ error: 'Please enter a ZIP code.' })
      .trim()
      .refine((zip) => fiveDigitZip(zip) !== null, 'Please enter a 5-digit ZIP code.'),
    street: optionalText(200, 'Street'),
    city: optionalText(100, 'City'),
    state: optionalText(40, 'State'),
  });

  export type Check = Geo.AreaCheck & { message: string };

  /** Whether the shop serves the address, how far it is and its trip fee; 400 for an unknown ZIP. */
  export const check = fn(Query, async ({ zipCode, street, city, state }): Promise<Check> => {
    const zip = fiveDigitZip(zipCode) ?? zipCode;
    const point = street
      ? await Geo.geocode({ street, city: city ?? '', state: state ?? '', zipCode: zip })
      : await Geo.locateZip(zip);
    if (!point) throw new VisibleError('invalid', Geo.messages.unknownZip);
    const area = Geo.area(point, zip);
    return { ...area, message: area.served ? '' : Geo.messages.outside(zip) };
  });
}
