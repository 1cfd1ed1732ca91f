import * as z from 'zod';

/**
 * A service address as a booking keeps it (issue 20): the names of the spec's
 * work-order address (street, city, state, zipCode) plus unit and access
 * notes, and the coordinates it was geocoded to once, when known
 * (`approximate` when they are the ZIP's centroid). The request schema with
 * its field rules lives beside it (the address module's input).
 */
export const Location = z.object({ lat: z.number(), lng: z.number(), approximate: z.boolean() });
export type Location = z.infer<typeof Location>;

export const StoredAddress = z.object({
  street: z.string(),
  unit: z.string().default(''),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  accessNotes: z.string().default(''),
  location: Location.optional(),
});
export type StoredAddress = z.infer<typeof StoredAddress>;
