import * as z from 'zod';
import { calendarDate, optionalText, requiredText, vehicleYear } from '../rules/schema';
import * as time from '../time';
import { VEHICLE_CLASSES } from './model';
import { garageTextRules, mileageMessages, milesProblem } from './rules';
import { garageVinProblem, normalVin, VIN_LENGTH } from './vin';

/** A garage vehicle as the Vehicles form (or the booking's vehicle step) sends it (issue 34). */

const miles = z
  .union([z.number(), z.string()], { error: mileageMessages.miles })
  .superRefine((value, ctx) => {
    const problem = milesProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => Number(value));

export const Vin = z
  .string({ error: 'VIN must be text.' })
  .max(VIN_LENGTH + 8, 'A VIN has 17 letters and digits (no I, O or Q).')
  .superRefine((value, ctx) => {
    const problem = garageVinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalVin);

export const VehicleInput = z.object({
  year: vehicleYear(),
  make: requiredText(garageTextRules.make),
  model: requiredText(garageTextRules.model),
  color: optionalText(garageTextRules.color),
  vin: Vin.optional().transform((value) => value ?? ''),
  plate: optionalText(garageTextRules.plate).transform((value) => value.toUpperCase()),
  vehicleClass: z.enum(VEHICLE_CLASSES, { error: 'Choose the vehicle’s class.' }).optional(),
  /** vPIC's body class, as the VIN decode answered it (kept to suggest the class again). */
  bodyClass: z
    .string()
    .max(120, 'Body class is too long.')
    .optional()
    .transform((value) => value ?? ''),
  /** A reading to record with it (today's). */
  miles: miles.optional(),
});
export type VehicleInput = z.input<typeof VehicleInput>;

export const MileageInput = z.object({
  miles,
  /** The day it was read (business zone); today when absent. Never in the future. */
  date: calendarDate()
    .refine((date) => date <= time.today(), mileageMessages.future)
    .optional(),
});
export type MileageInput = z.input<typeof MileageInput>;
