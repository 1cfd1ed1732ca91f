import * as z from 'zod';
import { Storage } from '../storage/index';
import type { Mail } from './index';

/**
 * An outbox mail's attachments live in S3 under `private/mail/<mail id>/`,
 * and the outbox item holds only a reference to each (decision 058): a PDF
 * would otherwise take most of DynamoDB's 400 KB item, and be read again
 * with every look at the item.
 */
export const MAIL_FILES_PREFIX = 'private/mail/';

export const StoredAttachment = z.union([
  z.object({ filename: z.string(), contentType: z.string(), key: z.string() }),
  // Items written before decision 058 carried the content inline; they still send.
  z.object({
    filename: z.string(),
    contentType: z.string(),
    content: z.string(),
    encoding: z.literal('base64').optional(),
  }),
]);
export type StoredAttachment = z.infer<typeof StoredAttachment>;

/** Stores each attachment's bytes in S3 and returns the references to keep in the item. */
export async function storeAttachments(
  mailId: string,
  attachments: readonly Mail.Attachment[],
): Promise<StoredAttachment[]> {
  return Promise.all(
    attachments.map(async (file, index) => {
      const key = `${MAIL_FILES_PREFIX}${mailId}/${index}`;
      const bytes =
        file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : Buffer.from(file.content, 'utf8');
      await Storage.put(key, bytes, { contentType: file.contentType });
      return { filename: file.filename, contentType: file.contentType, key };
    }),
  );
}

/** The attachments as the mailer takes them, read back from S3. */
export async function loadAttachments(stored: readonly StoredAttachment[]): Promise<Mail.Attachment[]> {
  return Promise.all(
    stored.map(async (file) => {
      if (!('key' in file)) return file;
      const bytes = await Storage.bytes(file.key);
      if (!bytes) throw new Error(`The attachment ${file.key} is missing from the bucket.`);
      return {
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(bytes).toString('base64'),
        encoding: 'base64' as const,
      };
    }),
  );
}

/** Removes a settled mail's attachments from S3 (its item expires by TTL). */
export async function removeAttachments(stored: readonly StoredAttachment[]): Promise<void> {
  await Promise.all(stored.flatMap((file) => ('key' in file ? [Storage.remove(file.key)] : [])));
}
