import * as z from 'zod';
import { VEHICLE_CLASSES } from '../garage/model';
import { addOnId } from './addon';
import { MAX_ADD_ONS, pricingMessages } from './pricing';

/** The schemas of price and time by vehicle class, and add-ons (issue 34, decision 122). */

/** One class's rate as the admin sets it: cents and whole minutes (decision 122). */
const Rate = z.object({
  priceCents: z.number().int().min(0, 'Price cannot be negative.').max(10_000_000),
  minutes: z
    .number({ error: 'Duration must be a number of minutes.' })
    .int('Duration must be a whole number of minutes.')
    .min(5, 'Duration must be at least 5 minutes.')
    .max(20 * 60, 'Duration must be at most 1200 minutes.'),
});
/** Every class's rate, or null (none: the service's one price and duration). */
export const ByClass = z
  .record(z.enum(VEHICLE_CLASSES), Rate, {
    error: `Give a price and duration for each class: ${VEHICLE_CLASSES.join(', ')}.`,
  })
  .nullable()
  .optional();
export const AddOnIds = z
  .array(addOnId, { error: 'Add-ons must be a list of add-on ids.' })
  .max(MAX_ADD_ONS)
  .transform((ids) => [...new Set(ids)])
  .optional();

/** What a booking keeps of its price's parts (issue 34): the class and the add-ons as they cost then. */
export const bookedChoice = z.object({
  vehicleClass: z.enum(VEHICLE_CLASSES).optional(),
  addOns: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        priceCents: z.number().int(),
        minutes: z.number().int(),
      }),
    )
    .optional(),
});

/** The class and add-ons a customer chooses when booking (the server prices them: `quoteFor`). */
export const choice = {
  vehicleClass: z.enum(VEHICLE_CLASSES, { error: pricingMessages.unknownClass }).optional(),
  addOnIds: z
    .array(addOnId, { error: 'Add-ons must be a list of add-on ids.' })
    .max(MAX_ADD_ONS, pricingMessages.tooManyAddOns)
    .optional(),
};
