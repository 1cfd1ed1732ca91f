/**
 * Data: the single DynamoDB table and the images bucket.
 *
 * The table's shape comes from core/src/db/table.ts, the same definition the
 * local stack uses to create its DynamoDB Local table, so the two cannot drift.
 * Billing is on demand (PAY_PER_REQUEST), SST's only mode for sst.aws.Dynamo;
 * point-in-time recovery is on (SST's default).
 */
import { type IndexName, indexProjection, keyAttributes, table as schema } from '../core/src/db/table';

type KeyAttribute = (typeof keyAttributes)[number];
/** Keys of the base table or of an index; only declared key attributes type-check. */
type KeySchema = { hashKey: KeyAttribute; rangeKey: KeyAttribute };
/** An index: its keys and the attributes it carries ('all', or the ones it names). */
type IndexSchema = KeySchema & { projection: 'all' | 'keys-only' | string[] };

/** Every key attribute (base table and indexes) is a string; nothing else is declared. */
const fields = Object.fromEntries(keyAttributes.map((name) => [name, 'string'])) as Record<
  KeyAttribute,
  'string'
>;

/** One global index per entry of `schema.indexes`, with the same name and projection. */
function toGlobalIndexes(toKeys: (index: (typeof schema.indexes)[IndexName]) => KeySchema) {
  return Object.fromEntries(
    Object.entries(schema.indexes).map(([name, index]) => {
      const projection = indexProjection(name as IndexName);
      const value = projection === 'all' ? 'all' : projection === 'keys' ? 'keys-only' : [...projection];
      return [name, { ...toKeys(index), projection: value }];
    }),
  ) as Record<IndexName, IndexSchema>;
}

export const table = new sst.aws.Dynamo('Table', {
  fields,
  primaryIndex: { hashKey: schema.partitionKey, rangeKey: schema.sortKey } satisfies KeySchema,
  globalIndexes: toGlobalIndexes((index) => ({ hashKey: index.partitionKey, rangeKey: index.sortKey })),
  ttl: schema.ttlAttribute,
  // On top of `removal: "retain"`: the production table cannot be deleted by accident.
  deletionProtection: $app.stage === 'production',
});

/**
 * Uploaded and seeded images (blog heroes, testimonial avatars), under the
 * key prefix `images/`. Private: only the API (through the link) and the
 * Router's CDN read it; `access: "cloudfront"` adds the bucket policy that
 * lets CloudFront (origin access control) read objects, and the Router serves
 * them at /images/* on the site's own domain (web.ts, decision 012). Uploads
 * go through the API, on the same origin as the site, so the bucket needs no
 * CORS rules.
 */
export const bucket = new sst.aws.Bucket('Images', {
  access: 'cloudfront',
  cors: false,
});
