import { ulid } from 'ulid';
import * as z from 'zod';

/**
 * One registry of ID prefixes. An id is `<prefix>_<ULID>`: sortable by
 * creation time, and its prefix says what it names.
 */
export const idPrefixes = {
  user: 'usr',
  service: 'svc',
  timeSlot: 'slt',
  booking: 'bkg',
  testimonial: 'tst',
  post: 'pst',
  comment: 'cmt',
  workOrder: 'wo',
  contactMessage: 'msg',
  serviceRequest: 'req',
  mail: 'ml',
  text: 'txt',
  address: 'adr',
  vehicle: 'veh',
  recommendation: 'rec',
  addOn: 'add',
  estimateLine: 'eln',
  photo: 'pho',
  plan: 'pln',
  enrolment: 'enr',
} as const;

export type IdKind = keyof typeof idPrefixes;

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';

export function createId(kind: IdKind): string {
  return `${idPrefixes[kind]}_${ulid()}`;
}

/** A zod schema accepting only a well-formed id of this kind. */
export function idSchema(kind: IdKind, label: string = kind) {
  return z.string().regex(new RegExp(`^${idPrefixes[kind]}_${ULID}$`), `Invalid ${label} id.`);
}
