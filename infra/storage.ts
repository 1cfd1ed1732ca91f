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
 * The site's distribution's ARN, once web.ts has made the Router: the images
 * bucket's policy grants reads to it alone. A deferred value, not an import:
 * the Router routes to this bucket, so it is made after it (sst.config.ts calls
 * `grantImagesTo` right after importing web.ts).
 */
let readerArnSet: ((arn: string) => void) | undefined;
const readerArn = new Promise<string>((resolve) => {
  readerArnSet = resolve;
});

/** Grants the images bucket's `images/*` objects to this distribution (and to no other). */
export function grantImagesTo(distributionArn: $util.Input<string>): void {
  $output(distributionArn).apply((arn) => readerArnSet?.(arn));
}

/**
 * Uploaded and seeded images (blog heroes, testimonial avatars), under the
 * key prefix `images/`, served by the Router at /images/* on the site's own
 * domain (web.ts, decision 012). No `access: "cloudfront"`: SST's grant names
 * CloudFront as a service, any distribution. Instead the bucket policy lets
 * only this site's distribution (`AWS:SourceArn`) read `images/*` (decision
 * 082). Uploads go through the API, on the same origin as the site, so the
 * bucket needs no CORS rules.
 *
 * The statement is added in the policy's transform, as an output that waits
 * for the distribution: the Bucket's other outputs wait for its policy
 * resource to be declared, and the distribution waits for the bucket, so the
 * ARN must not be among the Bucket's own arguments.
 */
export const bucket = new sst.aws.Bucket('Images', {
  cors: false,
  transform: {
    policy: (args) => {
      const bucketArn = $output(args.bucket).apply((bucketName) => `arn:aws:s3:::${bucketName}`);
      args.policy = $resolve([args.policy, bucketArn, $output(readerArn)]).apply(
        ([policy, arn, distributionArn]) => {
          // SST passes the policy as the JSON of iam.getPolicyDocument (a string).
          const document = (typeof policy === 'string' ? JSON.parse(policy) : policy) as {
            Statement: unknown[];
          };
          document.Statement.push({
            Sid: 'SiteDistributionReadsImages',
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Resource: `${arn}/images/*`,
            Condition: { StringEquals: { 'AWS:SourceArn': distributionArn } },
          });
          return JSON.stringify(document);
        },
      );
    },
  },
});

/**
 * Private objects (decision 082): work-order signatures and inspection photos
 * (`private/work-orders/`) and the outbox's mail attachments (`private/mail/`).
 * No CloudFront grant of any kind: only the functions read it, through their
 * roles (environment.ts `functionPermissions`). SST blocks public access by default.
 */
export const privateBucket = new sst.aws.Bucket('Private', {
  cors: false,
});
