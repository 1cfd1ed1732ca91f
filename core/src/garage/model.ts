/**
 * The vehicle at the centre (issue 34, decision 117): what a garage vehicle,
 * its booking snapshot, its history and its recommended work are, as core
 * hands them out. Pure and browser-safe (no zod): the web imports it.
 */

/** The vehicle classes a service may price and time itself by (issue 34). */
export const VEHICLE_CLASSES = ['compact', 'sedan', 'suv', 'truck', 'van'] as const;
export type VehicleClass = (typeof VEHICLE_CLASSES)[number];

export const VEHICLE_CLASS_LABELS: Record<VehicleClass, string> = {
  compact: 'Compact',
  sedan: 'Sedan',
  suv: 'SUV',
  truck: 'Truck',
  van: 'Van',
};

export const isVehicleClass = (value: unknown): value is VehicleClass =>
  typeof value === 'string' && (VEHICLE_CLASSES as readonly string[]).includes(value);

/** One odometer reading: miles, when it was read (ISO instant), and who read it. */
export type MileageReading = { miles: number; at: string; source: 'customer' | 'staff' };

/**
 * A vehicle of a customer's garage. `deletedAt` is set when the customer
 * deletes it: it leaves the garage, its history stays (bookings and work
 * orders keep their snapshot and still name it).
 */
export type GarageVehicle = {
  id: string;
  /** The owning customer's account. */
  userId: string;
  year: number;
  make: string;
  model: string;
  color: string;
  /** '' when not given. */
  vin: string;
  /** '' when not given. */
  plate: string;
  /** The class the customer chose (suggested from vPIC's body class); undefined until chosen. */
  vehicleClass?: VehicleClass;
  /** vPIC's BodyClass from the VIN decode; '' when not decoded. */
  bodyClass: string;
  /** The newest readings first, at most `MILEAGE_READINGS_KEPT`. */
  mileage: MileageReading[];
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
};

/** How many mileage readings a vehicle keeps (the newest): enough to estimate miles per day. */
export const MILEAGE_READINGS_KEPT = 10;

/**
 * What a booking (or work order) keeps of the vehicle when it is made, as it
 * keeps the address: the garage vehicle's id when there is one, and the
 * fields as they were. Later edits of the garage vehicle never change it.
 */
export type VehicleSnapshot = {
  vehicleId?: string;
  year: number;
  make: string;
  model: string;
  color: string;
  vin?: string;
  plate?: string;
  vehicleClass?: VehicleClass;
};

/** The kinds of record a vehicle's history lists (the `byVehicle` index's `<kind>`). */
export const HISTORY_KINDS = ['booking', 'workOrder', 'inspection', 'recommendation'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** The state of a recommended line (issue 33): open until booked, done or dismissed. */
export const RECOMMENDATION_STATES = ['open', 'booked', 'done', 'dismissed'] as const;
export type RecommendationState = (typeof RECOMMENDATION_STATES)[number];

/**
 * Recommended work kept on a vehicle (issue 33): a work-order line the
 * customer declined or deferred, with its photos and the date. It is written
 * in the approval's transaction, listed on the vehicle's history and the
 * desk's recommended work, and followed up once (a setting's days later).
 */
export type Recommendation = {
  id: string;
  vehicleId: string;
  userId: string;
  /** The work order and line it came from. */
  workOrderId: string;
  lineId: string;
  description: string;
  /** The line's price when it was declined (cents, before tax). */
  priceCents: number;
  /** Inspection photo ids the line carried. */
  photoIds: string[];
  note: string;
  /** How the customer answered: 'declined' or 'deferred'. */
  decision: 'declined' | 'deferred';
  state: RecommendationState;
  /** When it was recommended (the approval's instant). */
  recommendedAt: string;
  /** When the follow-up notice went out, once. */
  followedUpAt?: string;
  /** The customer's name when it was recommended: the desk's list is sorted by it. */
  customerName?: string;
  /** When the follow-up is due (`RECOMMENDED_FOLLOW_UP_DAYS` after `recommendedAt`). */
  followUpAt?: string;
  /** When it stopped being open (booked, done or dismissed), and the booking that took it. */
  closed?: { at: string; bookingId?: string };
  updatedAt: string;
};
