import * as z from 'zod';
import { assertAdmin, useUser } from '../actor';
import { Booking } from '../booking/index';
import { failedConditions, idSet, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { uploadedBytes } from '../rules/schema';
import { Service } from '../service/index';
import { Images } from '../storage/images';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { createId } from '../util/id';
import { CreateInput, SubmitInput } from './input';
import { imageMessages, type Info } from './model';
import { fromId } from './read';
import { entity, personOf, type Stored, toInfo } from './store';

/** New testimonials: the admin's and the seed's (`create`), and a customer's review or the admin's (`submit`). */

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
  if (!booking.service) throw new VisibleError('conflict', 'This service is no longer available to review.');
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
