import * as z from 'zod';
import { assertAdmin, useUser, useUserId } from '../actor';
import { Booking } from '../booking/index';
import { defineEntity, failedConditions, idList, idSet, toggleMember, transactWrite } from '../db/entity';
import type { Page } from '../db/paging';
import { VisibleError } from '../error';
import { type MigrationStep, pagedStep } from '../migrate/runner';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { imageUrl } from '../storage/image-url';
import { Images } from '../storage/images';
import { Service } from '../service/index';
import { User } from '../user/index';
import { uploadedBytes } from '../rules/schema';
import { fn } from '../util/fn';
import { createId, idSchema } from '../util/id';
import { isSingleLine, requiredLine } from '../util/text';
import {
  AUTHOR_NAME_MAX_LENGTH,
  PROFILE_IMAGE_MAX_BYTES,
  QUOTE_MAX_LENGTH,
  testimonialMessages,
} from './rules';

/**
 * Customer testimonials (doc 1 §3, doc 2 §3): the testimonials page, the
 * about page's carousel (the featured ones) and one vote per user (decision 010).
 */
export namespace Testimonial {
  export const id = idSchema('testimonial', 'testimonial');

  export const Person = z.object({ firstName: z.string(), lastName: z.string() });
  export type Person = z.infer<typeof Person>;

  /**
   * A comment on a testimonial; the first one is shown as the owner's response.
   * The reply carries the text twice: `content`, the original data's name that
   * the spec's clients read, and `text`, ours.
   */
  export const Comment = z.object({ text: z.string(), content: z.string(), createdAt: z.string() });
  export type Comment = z.infer<typeof Comment>;

  /** A testimonial as the API returns it (the spec's field names). */
  export const Info = z.object({
    _id: id,
    /** null: the page shows 'Anonymous' ('A Valued Customer' in the carousel). */
    author: Person.nullable(),
    /** The author as one line (what the admin edits); null without an author. */
    authorName: z.string().nullable(),
    /** Site-relative (/images/...) or absolute; null: the page shows a default avatar. */
    profileImageUrl: z.string().nullable(),
    service: z.object({ _id: z.string(), name: z.string() }).nullable(),
    createdAt: z.string(),
    rating: z.number().int().min(1).max(5),
    quote: z.string(),
    /** User ids. */
    likes: z.array(z.string()),
    /** User ids. */
    dislikes: z.array(z.string()),
    comments: z.array(Comment),
    featured: z.boolean(),
  });
  export type Info = z.infer<typeof Info>;

  const userId = idSchema('user', 'user');

  export const CreateInput = z.object({
    quote: z
      .string()
      .trim()
      .min(1, testimonialMessages.quoteRequired)
      .max(QUOTE_MAX_LENGTH, testimonialMessages.quoteTooLong),
    rating: z
      .number({ error: 'Rating is required.' })
      .int(testimonialMessages.ratingInvalid)
      .min(1, testimonialMessages.ratingInvalid)
      .max(5, testimonialMessages.ratingInvalid),
    author: z
      .object({ firstName: requiredLine('First name', 80), lastName: requiredLine('Last name', 80) })
      .optional(),
    profileImageUrl: imageUrl.optional(),
    service: z.object({ _id: idSchema('service'), name: z.string().trim().min(1).max(120) }).optional(),
    /** The owner's public response: stored as the first comment. */
    ownerResponse: z.string().trim().min(1).max(2000).optional(),
    featured: z.boolean().default(false),
    /** Seed and import only: existing votes and the original date. */
    likes: z.array(userId).default([]),
    dislikes: z.array(userId).default([]),
    createdAt: z.iso.datetime().optional(),
    testimonialId: id.optional(),
  });
  export type CreateInput = z.input<typeof CreateInput>;

  export const VoteInput = z.object({
    voteType: z.enum(['like', 'dislike'], { error: "voteType must be 'like' or 'dislike'." }),
  });
  export type VoteInput = z.input<typeof VoteInput>;

  /** The vote reply: both lists of user ids (doc 1 §4: the counts shown are their lengths). */
  export type Votes = { likes: string[]; dislikes: string[] };

  export const NOT_FOUND = 'Testimonial not found.';
  /** The list's page size when the request names none: more than the shop has today. */
  export const DEFAULT_PAGE = 100;
  /** How many the carousel gets at most. */
  export const FEATURED_LIMIT = 10;

  const Stored = z.object({
    id: z.string(),
    quote: z.string(),
    rating: z.number().int(),
    author: Person.optional(),
    authorName: z.string().optional(),
    profileImageUrl: z.string().optional(),
    serviceId: z.string().optional(),
    serviceName: z.string().optional(),
    /** A customer's review: the booking it is about and its author's account. */
    bookingId: z.string().optional(),
    userId: z.string().optional(),
    comments: z.array(z.object({ text: z.string(), createdAt: z.string() })),
    featured: z.boolean(),
    /** DynamoDB string sets: absent when empty (a set cannot be empty). */
    likes: z.set(z.string()).optional(),
    dislikes: z.set(z.string()).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
  type Stored = z.infer<typeof Stored>;

  const entity = defineEntity({
    name: 'testimonial',
    version: 1,
    schema: Stored,
    key: ({ id }: { id: string }) => ({ pk: `TESTIMONIAL#${id}`, sk: 'TESTIMONIAL' }),
    indexes: {
      byCollection: (t) => ({ pk: 'TESTIMONIAL', sk: `${t.createdAt}#${t.id}` }),
      // Sparse (decision 057): the carousel's candidates only, flagged ones apart from 5-star ones.
      byOwner: (t) => {
        const group = t.featured ? FEATURED : t.rating === 5 ? FIVE_STAR : undefined;
        return group ? { pk: group, sk: `${t.createdAt}#${t.id}` } : undefined;
      },
    },
  });
  /** Where the carousel finds the flagged testimonials, and the 5-star ones for when none is flagged. */
  const FEATURED = 'TESTIMONIALS#FEATURED';
  const FIVE_STAR = 'TESTIMONIALS#FIVE_STAR';

  /**
   * Decision 063's step (run by migrate/index.ts): a testimonial written
   * before decision 057 has no entry in the carousel's sparse index. Sets it
   * as every write computes it, on condition that the flag and rating are
   * still the ones read and no entry was written meanwhile.
   */
  export const migrationSteps: MigrationStep[] = [
    pagedStep(
      'testimonial-featured-index',
      (cursor, limit) => entity.query({ index: 'byCollection', partition: 'TESTIMONIAL', limit, cursor }),
      async (t) => {
        const keys = entity.item(t);
        if (typeof keys.ownerPk !== 'string') return false;
        const updated = await entity.update(
          { id: t.id },
          {
            UpdateExpression: 'SET ownerPk = :opk, ownerSk = :osk',
            ConditionExpression: 'attribute_not_exists(ownerPk) AND featured = :flag AND rating = :rating',
            ExpressionAttributeValues: {
              ':opk': keys.ownerPk,
              ':osk': keys.ownerSk,
              ':flag': t.featured,
              ':rating': t.rating,
            },
          },
        );
        return updated !== null;
      },
    ),
  ];

  function toInfo(item: Stored): Info {
    return {
      _id: item.id,
      author: item.author ?? null,
      authorName: item.authorName ?? null,
      profileImageUrl: item.profileImageUrl ?? null,
      service: item.serviceId ? { _id: item.serviceId, name: item.serviceName ?? '' } : null,
      createdAt: item.createdAt,
      rating: item.rating,
      quote: item.quote,
      likes: idList(item.likes),
      dislikes: idList(item.dislikes),
      comments: item.comments.map((c) => ({ text: c.text, content: c.text, createdAt: c.createdAt })),
      featured: item.featured,
    };
  }

  /**
   * Adds a testimonial (admin; the seed runs as admin). A given
   * `testimonialId` that already exists is left untouched (`created: false`).
   */
  export const create = fn(CreateInput, async (input) => {
    assertAdmin();
    const testimonialId = input.testimonialId ?? createId('testimonial');
    const now = new Date().toISOString();
    const createdAt = input.createdAt ?? now;
    const dislikes = input.dislikes.filter((user) => !input.likes.includes(user));
    const record: Stored = {
      id: testimonialId,
      quote: input.quote,
      rating: input.rating,
      author: input.author,
      authorName: input.author ? `${input.author.firstName} ${input.author.lastName}` : undefined,
      profileImageUrl: input.profileImageUrl,
      serviceId: input.service?._id,
      serviceName: input.service?.name,
      comments: input.ownerResponse ? [{ text: input.ownerResponse, createdAt: now }] : [],
      featured: input.featured,
      likes: idSet(input.likes),
      dislikes: idSet(dislikes),
      createdAt,
      updatedAt: now,
    };
    if (await entity.createIfAbsent(record)) return { created: true, testimonial: toInfo(record) };
    return { created: false, testimonial: await fromId(testimonialId) };
  });

  /** A customer's profile image: PNG, JPG or GIF, judged by its bytes, at most this many. */
  export const MAX_IMAGE_BYTES = PROFILE_IMAGE_MAX_BYTES;
  export const IMAGE_TOO_LARGE = testimonialMessages.imageTooLarge;
  export const IMAGE_NOT_ALLOWED = testimonialMessages.imageNotAllowed;

  const imageMessages = { tooLarge: IMAGE_TOO_LARGE, notAllowed: IMAGE_NOT_ALLOWED };

  export const SubmitInput = z.object({
    /** A customer's review: the Completed booking it is about. The admin may leave it out. */
    bookingId: Booking.id.optional(),
    serviceId: z.string({ error: testimonialMessages.serviceRequired }).pipe(idSchema('service')),
    quote: CreateInput.shape.quote,
    rating: z
      .union(
        [z.number(), z.string().trim().regex(/^\d+$/, testimonialMessages.ratingInvalid).transform(Number)],
        {
          error: 'Rating is required.',
        },
      )
      .pipe(CreateInput.shape.rating),
    /** The admin's testimonial: who said it (blank: anonymous). A customer's review is signed with their account's names. */
    authorName: z
      .string()
      .refine(isSingleLine, 'Author name cannot contain line breaks.')
      .trim()
      .max(AUTHOR_NAME_MAX_LENGTH, `Author name must be at most ${AUTHOR_NAME_MAX_LENGTH} characters.`)
      .optional(),
  });
  export type SubmitInput = z.input<typeof SubmitInput>;

  /** 'Jane van Dyke' -> { firstName: 'Jane', lastName: 'van Dyke' }: the pages print both, space-separated. */
  function personOf(name: string): Person {
    const [firstName = '', ...rest] = name.trim().split(/\s+/);
    return { firstName, lastName: rest.join(' ') };
  }

  /**
   * POST /api/testimonials, one route and one set of rules for two callers
   * (doc 2 §5: service, quote, rating 1-5, an optional image; roles decided
   * here):
   * - a customer reviews the service of one of their own Completed bookings,
   *   once per booking (decision 026); without a `bookingId` (the spec's
   *   client sends none), their newest Completed, unreviewed booking of that
   *   service, and 400 when there is none;
   * - the admin may add a testimonial without a booking (doc 2 §2), for any
   *   service of the catalogue, with an optional author name.
   * The image is checked and stored first, then the record is written; when
   * that write fails the image is removed again (Images.upload).
   */
  export const submit = fn(z.tuple([SubmitInput, uploadedBytes()]), submitNow);
  async function submitNow(input: z.output<typeof SubmitInput>, image?: Uint8Array): Promise<Info> {
    const me = useUser();
    if (input.bookingId === undefined && me.role === 'admin') return addForAdmin(input, image);
    await RateLimit.hit(rateLimits.reviewUser, me.userId);
    // The spec's client names no booking: its newest Completed, unreviewed one of the service (400 for none).
    const bookingId = input.bookingId ?? (await Booking.newestToReview(input.serviceId));
    const booking = await Booking.forReview(bookingId);
    if (booking.serviceId !== input.serviceId) {
      throw new VisibleError('invalid', 'This booking is for a different service.');
    }
    if (!booking.service)
      throw new VisibleError('conflict', 'This service is no longer available to review.');
    const profileImageUrl =
      image && image.byteLength > 0 ? await Images.upload('avatars', image, imageMessages) : undefined;
    const account = await User.find(me.userId);
    const author = account ? { firstName: account.firstName, lastName: account.lastName } : undefined;
    const now = new Date().toISOString();
    const testimonialId = createId('testimonial');
    const record: Stored = {
      id: testimonialId,
      quote: input.quote,
      rating: input.rating,
      author,
      authorName: author ? `${author.firstName} ${author.lastName}` : undefined,
      profileImageUrl,
      serviceId: booking.service._id,
      serviceName: booking.service.name,
      bookingId: booking.id,
      userId: me.userId,
      comments: [],
      featured: false,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await transactWrite([
        entity.tx.put(record, { ifAbsent: true }),
        Booking.reviewItem(booking.id, me.userId, testimonialId),
      ]);
    } catch (error) {
      await Images.discard(profileImageUrl);
      if (failedConditions(error) === null) throw error;
      throw new VisibleError('conflict', Booking.ALREADY_REVIEWED);
    }
    return toInfo(record);
  }

  async function addForAdmin(input: z.output<typeof SubmitInput>, image?: Uint8Array): Promise<Info> {
    assertAdmin();
    const service = await Service.fromId(input.serviceId).catch((error: unknown) => {
      if (error instanceof VisibleError && error.kind === 'not_found')
        throw new VisibleError('invalid', Service.NOT_FOUND);
      throw error;
    });
    const profileImageUrl =
      image && image.byteLength > 0 ? await Images.upload('avatars', image, imageMessages) : undefined;
    const author = input.authorName ? personOf(input.authorName) : undefined;
    const now = new Date().toISOString();
    const record: Stored = {
      id: createId('testimonial'),
      quote: input.quote,
      rating: input.rating,
      author,
      authorName: input.authorName || undefined,
      profileImageUrl,
      serviceId: service._id,
      serviceName: service.name,
      comments: [],
      featured: false,
      createdAt: now,
      updatedAt: now,
    };
    try {
      if (!(await entity.createIfAbsent(record))) throw new Error(`Testimonial id ${record.id} taken.`);
    } catch (error) {
      await Images.discard(profileImageUrl);
      throw error;
    }
    return toInfo(record);
  }

  export const AuthorInput = z.object({
    authorName: z
      .string({ error: testimonialMessages.authorNameRequired })
      .refine(isSingleLine, 'Author name cannot contain line breaks.')
      .trim()
      .min(1, testimonialMessages.authorNameRequired)
      .max(AUTHOR_NAME_MAX_LENGTH, `Author name must be at most ${AUTHOR_NAME_MAX_LENGTH} characters.`),
  });

  /** The admin corrects who said it (doc 2 §7 PUT /api/testimonials/{id}/author); 404 for none. */
  export const setAuthor = fn(
    z.object({ testimonialId: id, ...AuthorInput.shape }),
    async ({ testimonialId, authorName }) => {
      assertAdmin();
      const after = await entity.update(
        { id: testimonialId },
        {
          ConditionExpression: 'attribute_exists(pk)',
          UpdateExpression: 'SET authorName = :name, author = :author, updatedAt = :now',
          ExpressionAttributeValues: {
            ':name': authorName,
            ':author': personOf(authorName),
            ':now': new Date().toISOString(),
          },
        },
      );
      if (!after) throw new VisibleError('not_found', NOT_FOUND);
      return toInfo(after);
    },
  );

  /** The admin chooses which testimonials the about page's carousel shows (decision 010); 404 for none. */
  export const setFeatured = fn(
    z.object({ testimonialId: id, featured: z.boolean({ error: 'featured must be true or false.' }) }),
    async ({ testimonialId, featured: flag }) => {
      assertAdmin();
      const current = await entity.get({ id: testimonialId }, { consistent: true });
      if (!current) throw new VisibleError('not_found', NOT_FOUND);
      // The sparse index's keys follow the flag (and the rating it was read with, which no edit changes).
      const keys = entity.item({ ...current, featured: flag });
      const inIndex = typeof keys.ownerPk === 'string';
      const after = await entity.update(
        { id: testimonialId },
        {
          ConditionExpression: 'attribute_exists(pk) AND rating = :rating',
          UpdateExpression: `SET featured = :flag, updatedAt = :now${inIndex ? ', ownerPk = :opk, ownerSk = :osk' : ' REMOVE ownerPk, ownerSk'}`,
          ExpressionAttributeValues: {
            ':flag': flag,
            ':now': new Date().toISOString(),
            ':rating': current.rating,
            ...(inIndex ? { ':opk': keys.ownerPk, ':osk': keys.ownerSk } : {}),
          },
        },
      );
      if (!after) throw new VisibleError('not_found', NOT_FOUND);
      return toInfo(after);
    },
  );

  /**
   * The admin deletes a testimonial, then its uploaded image (an image that
   * fails to go is logged, never a record pointing at nothing). A customer's
   * review stays counted on its booking: the booking is not reviewed again.
   */
  export const remove = fn(id, async (testimonialId) => {
    assertAdmin();
    const item = await entity.get({ id: testimonialId }, { consistent: true });
    if (!item) throw new VisibleError('not_found', NOT_FOUND);
    try {
      await transactWrite([
        entity.tx.delete({ id: testimonialId }, { ConditionExpression: 'attribute_exists(pk)' }),
      ]);
    } catch (error) {
      if (failedConditions(error) === null) throw error;
      throw new VisibleError('not_found', NOT_FOUND);
    }
    await Images.discard(item.profileImageUrl);
    return { _id: testimonialId };
  });

  /** One testimonial; 404 when there is none. */
  export const fromId = fn(id, async (testimonialId) => {
    const testimonial = await entity.get({ id: testimonialId }, { consistent: true });
    if (!testimonial) throw new VisibleError('not_found', NOT_FOUND);
    return toInfo(testimonial);
  });

  /**
   * One page of the testimonials, newest first (decision 060), bounded by
   * the page size and the read budget; the cursor of the next page or null.
   */
  export async function list(
    page: { limit?: number; cursor?: string | null; budget?: number } = {},
  ): Promise<Page<Info>> {
    const { items, cursor } = await entity.query({
      index: 'byCollection',
      partition: 'TESTIMONIAL',
      descending: true,
      limit: page.limit ?? DEFAULT_PAGE,
      cursor: page.cursor,
      budget: page.budget,
    });
    return { items: items.map(toInfo), cursor };
  }

  /**
   * The about page's carousel (decision 010): the testimonials flagged
   * `featured`, newest first; while none is flagged, the 5-star ones, so a
   * new shop's carousel is not empty. At most FEATURED_LIMIT.
   */
  export async function featured(): Promise<Info[]> {
    const page = (partition: string) =>
      entity.query({ index: 'byOwner', partition, descending: true, limit: FEATURED_LIMIT });
    const flagged = await page(FEATURED);
    return (flagged.items.length ? flagged : await page(FIVE_STAR)).items.map(toInfo);
  }

  /**
   * One vote per user (decision 010): `like` adds the user to likes and
   * removes them from dislikes; the same vote again withdraws it. Each write
   * is one conditional UpdateItem that touches both sets, so a user can never
   * end up in both lists, however votes race; a lost race is retried.
   */
  export const vote = fn(
    z.object({ testimonialId: id, ...VoteInput.shape }),
    async ({ testimonialId, voteType }) => {
      const user = useUserId();
      await RateLimit.hit(rateLimits.testimonialVoteUser, user);
      const [mine, other] = voteType === 'like' ? ['likes', 'dislikes'] : ['dislikes', 'likes'];
      const after = await toggleMember(
        entity,
        { id: testimonialId },
        {
          attribute: mine,
          member: user,
          alsoRemoveFrom: other,
          set: 'updatedAt = :now',
          values: { ':now': new Date().toISOString() },
        },
      );
      if (after) return { likes: idList(after.likes), dislikes: idList(after.dislikes) };
      // Neither write's condition held three times: the testimonial is gone (404), or votes kept racing.
      await fromId(testimonialId);
      throw new VisibleError('conflict', 'Your vote could not be saved. Please try again.');
    },
  );
}
