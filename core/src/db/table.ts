/**
 * The single DynamoDB table: key schema, secondary indexes and TTL attribute.
 *
 * This file is the one source of truth for the table's shape. `infra/storage.ts`
 * builds the AWS table from it and the local stack / test helpers create the
 * DynamoDB Local table from it, so the two can never drift. It must stay free
 * of runtime imports (SST bundles it into the infra program).
 *
 * See docs/data-model.md for the key patterns and the access patterns each
 * index serves.
 */
export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Items with this attribute (epoch seconds) are deleted by DynamoDB after that instant. */
  ttlAttribute: 'expiresAt',
  indexes: {
    /** Every item of one kind, in order: list services, posts, bookings by date, work orders ... */
    byCollection: { partitionKey: 'collectionPk', sortKey: 'collectionSk' },
    /** Items that belong to an owner or parent: a customer's bookings, a service's time slots ... */
    byOwner: { partitionKey: 'ownerPk', sortKey: 'ownerSk' },
    /**
     * A vehicle's history (issue 34, decision 117): every booking, work order,
     * inspection and recommended line of one garage vehicle, partition
     * `VEHICLE#<id>`, sort `<ISO instant>#<kind>#<id>`, read newest first and
     * paged. Sparse: only records that name a garage vehicle are in it.
     */
    byVehicle: { partitionKey: 'vehiclePk', sortKey: 'vehicleSk' },
    /**
     * The one due queue (decision 109, core/src/db/due-queue.ts): everything
     * the scheduled job does when its time comes, partition the queue's name
     * (`outbox`, `reminders` ...), sort `<dueAt>#<id>`. Sparse: an item is in
     * it only while it is due; keys only: the job claims each item by key.
     */
    dueWork: { partitionKey: 'duePk', sortKey: 'dueSk', projection: 'keys' },
    /**
     * Retired by decision 109 (no entity writes it): the acknowledgment queue
     * of the release before, read only by the migration step that moves its
     * items onto `dueWork`; dropped once that step has run everywhere.
     */
    pendingAcknowledgments: { partitionKey: 'ackQueuePk', sortKey: 'ackQueueSk' },
    /**
     * Retired by decision 109, as above: the outbox's queue of the release
     * before (sparse, keys only, decision 058).
     */
    unsentMail: { partitionKey: 'unsentPk', sortKey: 'unsentSk', projection: 'keys' },
    /**
     * The work-order list's search, newest first: besides the keys, only what
     * the search and the status filter read (decision 051), about 300 bytes
     * an entry where a whole work order is several KB.
     */
    workOrderSearch: {
      partitionKey: 'woSearchPk',
      sortKey: 'woSearchSk',
      projection: ['searchText', 'status'],
    },
    /**
     * Customer search by prefix (decision 061): each customer account (never
     * an admin) carries one normalised key per kind, so a search is a
     * `begins_with` range in each. Sparse, and keys only: the accounts found
     * are then read by key.
     */
    customerName: { partitionKey: 'custNamePk', sortKey: 'custNameSk', projection: 'keys' },
    customerLastName: { partitionKey: 'custLastPk', sortKey: 'custLastSk', projection: 'keys' },
    customerEmail: { partitionKey: 'custEmailPk', sortKey: 'custEmailSk', projection: 'keys' },
    customerPhone: { partitionKey: 'custPhonePk', sortKey: 'custPhoneSk', projection: 'keys' },
    /**
     * The bookings desk's main list (decision 050): open bookings only (not
     * Cancelled or Completed), newest date first; sparse: a booking leaves it
     * when it closes. It carries only the list's fields (no status history;
     * the claim, for its technician: issue 22), so a page stays small.
     */
    openBookings: {
      partitionKey: 'openPk',
      sortKey: 'openSk',
      projection: [
        '_type',
        '_v',
        'id',
        'status',
        'userId',
        'customer',
        'serviceId',
        'serviceName',
        'priceCents',
        'isCustomService',
        'createdByAdmin',
        'requiresCustomerVerification',
        'date',
        'time',
        'durationMinutes',
        'clientFirstName',
        'clientLastName',
        'vehicleMake',
        'vehicleModel',
        'vehicleYear',
        'vehicleColor',
        'notes',
        // The customer's photos (issue 34, decision 123): the desk shows them.
        'photos',
        'serviceStatus',
        'payment',
        'testimonialId',
        'serviceAddress',
        'tripFeeCents',
        'progress',
        'claim',
        // The desk's "Confirmed by customer" badge (issue 21).
        'attendanceConfirmedAt',
        'createdAt',
        'updatedAt',
      ],
    },
  },
} as const;

export type IndexName = keyof typeof table.indexes;

/**
 * The attributes an index carries besides the keys: every attribute unless the
 * index names its own (`projection`, DynamoDB's INCLUDE) or holds keys only ('keys').
 */
export function indexProjection(index: IndexName): readonly string[] | 'all' | 'keys' {
  const definition = table.indexes[index];
  return 'projection' in definition ? definition.projection : 'all';
}

/** Every key attribute, base table and indexes alike; all are strings. */
export const keyAttributes = [
  table.partitionKey,
  table.sortKey,
  ...Object.values(table.indexes).flatMap((index) => [index.partitionKey, index.sortKey]),
] as const;
