import { createHash } from 'node:crypto';
import * as z from 'zod';
import { assertAdmin, useUser } from '../actor';
import { config, type SquareEnvironment } from '../config';
import { VisibleError } from '../error';
import { RateLimit } from '../rate-limit/index';
import { rateLimits } from '../rate-limit/rules';
import { User } from '../user/index';
import { fn } from '../util/fn';
import { idSchema } from '../util/id';
import { cardBrandName } from '../user/card-brand';
import {
  createSquareClient,
  type OrderLine,
  type SquareCard,
  SquareError,
  type SquarePaymentLink,
} from './square';

/**
 * The card on file (doc 1 §1: a card is required before booking and charged
 * only once the service is complete). The browser turns the card into a
 * one-time payment token with Square's Web Payments SDK (or, locally, the
 * stand-in's test form); `saveCard` turns that token into a card on file at
 * Square; `charge` takes a payment from it when a booking is completed.
 *
 * Nothing about the card but Square's ids, its brand and last four digits is
 * ever stored here.
 */
export namespace Payments {
  export const messages = {
    saved: 'Card saved successfully.',
    declined: 'Your card was declined. Please check the details or use another card.',
    cvv: 'Your card was declined: the security code (CVV) did not match. Please check it and try again.',
    postalCode: 'Your card was declined: the ZIP code did not match. Please check it and try again.',
    expiration: 'Your card was declined: the expiration date is not valid. Please check it and try again.',
    insufficientFunds: 'Your card was declined for insufficient funds. Please use another card.',
    rejected: 'We could not use those card details. Please enter your card again.',
    provider: 'We could not reach our payment processor. Please try again in a few minutes.',
    notConfigured: 'Online card payments are not available yet. Please contact us to book.',
    changedMeanwhile: 'Your card was changed in another window. Please reload the page and try again.',
    noAccount: 'Account not found.',
  } as const;

  /** What the browser needs to load the card form (doc 2 §3, Payment config: appId, locationId). */
  export type PublicConfig = { appId: string; locationId: string; environment: SquareEnvironment };

  /** The card as the account page shows it. */
  export type CardSummary = { brand: string; last4: string };

  export type ChargeResult =
    | { status: 'paid'; providerPaymentId: string }
    | { status: 'failed'; providerPaymentId: string | null; failureReason: string };

  function settings() {
    return config().square;
  }

  function isConfigured(): boolean {
    const square = settings();
    return !!(square.accessToken && square.appId && square.locationId);
  }

  function square() {
    const { baseUrl, accessToken } = settings();
    return createSquareClient({ baseUrl, accessToken });
  }

  /** Anyone: the app and location ids the card form is loaded with, and which Square it talks to. */
  export function publicConfig(): PublicConfig {
    if (!isConfigured()) throw new VisibleError('unavailable', messages.notConfigured);
    const { appId, locationId, environment } = settings();
    return { appId, locationId, environment };
  }

  export const SaveCardInput = z.object({
    sourceId: z
      .string({ error: 'A card token (sourceId) is required.' })
      .trim()
      .min(1, 'A card token (sourceId) is required.')
      .max(512, 'The card token (sourceId) is too long.'),
  });

  /**
   * Saves the card behind a payment token for the signed-in user: reuses the
   * user's Square customer or creates one, creates the card on it, stores its
   * ids, brand and last four digits and sets hasCardOnFile, then disables the
   * card it replaced. The idempotency keys are derived from the user (and the
   * token), so a retry after a lost reply creates no second customer or card.
   * A decline is a 400 with its reason; Square failing is a 502. Either way
   * the account is unchanged.
   */
  export const saveCard = fn(
    SaveCardInput,
    async ({ sourceId }): Promise<{ msg: string; card: CardSummary }> => {
      const actor = useUser();
      if (!isConfigured()) throw new VisibleError('unavailable', messages.notConfigured);
      const user = await User.find(actor.userId);
      if (!user) throw new VisibleError('not_found', messages.noAccount);
      await RateLimit.hit(rateLimits.saveCardUser, user.id);
      const client = square();

      const newCustomer = async (idempotencyKey: string) =>
        (
          await client.createCustomer({
            idempotencyKey,
            givenName: user.firstName,
            familyName: user.lastName,
            emailAddress: user.email,
            referenceId: user.id,
          })
        ).id;
      const createCard = (customerId: string) =>
        client.createCard({
          idempotencyKey: cardKey(user.id, customerId, sourceId),
          sourceId,
          customerId,
          cardholderName: `${user.firstName} ${user.lastName}`,
          referenceId: user.id,
        });

      let customerId: string;
      let card: SquareCard;
      try {
        customerId = user.squareCustomerId ?? (await newCustomer(`customer-${user.id}`));
        try {
          card = await createCard(customerId);
        } catch (error) {
          if (!user.squareCustomerId || !isUnknownCustomer(error)) throw error;
          // Square no longer knows the stored customer (an id from the sandbox after a switch to
          // production, or one deleted at Square): a new customer, once (keys fit Square's 45 characters).
          customerId = await newCustomer(`cust-${user.id}-${digest(user.squareCustomerId).slice(0, 6)}`);
          card = await createCard(customerId);
        }
      } catch (error) {
        throw visible(error, 'save card');
      }

      const summary = { brand: cardBrandName(card.card_brand), last4: card.last_4 ?? '' };
      const previous = user.cardId ?? null;
      // A retry of a save that already went through: Square gave back the same card.
      if (previous === card.id) return { msg: messages.saved, card: summary };

      const saved = await User.setCard(
        user.id,
        {
          squareCustomerId: customerId,
          cardId: card.id,
          cardBrand: card.card_brand ?? 'OTHER_BRAND',
          cardLast4: card.last_4 ?? '',
        },
        previous,
      );
      if (!saved) {
        // Another save won meanwhile: the card made here is not on the account, so it must not stay chargeable.
        await disableQuietly(card.id);
        throw new VisibleError('conflict', messages.changedMeanwhile);
      }
      if (previous) await disableQuietly(previous);
      await cardSaved(user.id);
      return { msg: messages.saved, card: summary };
    },
  );

  type CardListener = (userId: string) => Promise<void>;
  const cardListeners: CardListener[] = [];

  /**
   * A step a higher folder takes once a customer's new card is on file (billing: a past-due plan's
   * period charged at once, decision 132). It never fails the save: an error is logged.
   */
  export function onCardSaved(listener: CardListener): void {
    cardListeners.push(listener);
  }

  async function cardSaved(userId: string): Promise<void> {
    for (const listener of cardListeners) {
      await listener(userId).catch((error: unknown) =>
        console.error(
          JSON.stringify({ level: 'error', step: 'after card saved', userId, error: String(error) }),
        ),
      );
    }
  }

  export const ChargeInput = z.object({
    userId: idSchema('user'),
    amountCents: z.number().int().positive().max(99_999_999),
    /** The customer's tip, Square's `tip_money` beside the amount (issue 35, decision 130). */
    tipCents: z.number().int().positive().max(99_999_999).optional(),
    /** Square keeps it for retries: the same key charges once. At most 45 characters (Square's limit). */
    idempotencyKey: z.string().trim().min(1).max(45),
    /** Shown on the payment in Square's dashboard. */
    note: z.string().max(500).optional(),
  });

  /**
   * Charges a customer's card on file (the shop's code when a booking is
   * completed, or an admin). Never throws for a decline or a Square failure:
   * those come back as `failed` with a reason for the shop's records. The same
   * idempotency key charges once, however often it is called.
   */
  export const charge = fn(ChargeInput, async (input): Promise<ChargeResult> => {
    assertAdmin();
    const failed = (failureReason: string, providerPaymentId: string | null = null): ChargeResult => ({
      status: 'failed',
      providerPaymentId,
      failureReason,
    });
    if (!isConfigured()) return failed('Card payments are not configured (Square credentials are missing).');
    const user = await User.find(input.userId);
    if (!user) return failed('The customer account no longer exists.');
    if (!user.hasCardOnFile || !user.cardId || !user.squareCustomerId) {
      return failed('The customer has no card on file.');
    }
    try {
      const payment = await square().createPayment({
        idempotencyKey: input.idempotencyKey,
        sourceId: user.cardId,
        customerId: user.squareCustomerId,
        locationId: settings().locationId,
        amount: { amountCents: input.amountCents, currency: 'USD' },
        ...(input.tipCents ? { tip: { amountCents: input.tipCents, currency: 'USD' as const } } : {}),
        note: input.note,
      });
      if (payment.status === 'COMPLETED') return { status: 'paid', providerPaymentId: payment.id };
      return failed(`Square left the payment ${payment.status}, not COMPLETED.`, payment.id);
    } catch (error) {
      if (!(error instanceof SquareError)) throw error;
      if (error.failure === 'provider') logProviderError('charge', error);
      const what = error.failure === 'provider' ? 'Square failed' : 'The card was declined';
      return failed(`${what}: ${error.code}${detailOf(error)}`, error.paymentId);
    }
  });

  export type RefundResult =
    { status: 'refunded'; providerRefundId: string } | { status: 'refused'; failureReason: string };

  export const RefundInput = z.object({
    providerPaymentId: z.string().trim().min(1).max(200),
    amountCents: z.number().int().positive().max(99_999_999),
    /** The same key refunds once (at most 45 characters). */
    idempotencyKey: z.string().trim().min(1).max(45),
    reason: z.string().max(192).optional(),
  });

  /**
   * Refunds all or part of a completed payment (admins; decision 069). Never
   * throws for Square refusing or failing: `refused` with the reason, so the
   * caller gives back what it reserved. Square keeps a refund `PENDING` until
   * the card network settles it; it is then as good as done.
   */
  export const refund = fn(RefundInput, async (input): Promise<RefundResult> => {
    assertAdmin();
    if (!isConfigured()) {
      return { status: 'refused', failureReason: 'Card payments are not configured.' };
    }
    try {
      const result = await square().refundPayment({
        idempotencyKey: input.idempotencyKey,
        paymentId: input.providerPaymentId,
        amount: { amountCents: input.amountCents, currency: 'USD' },
        reason: input.reason,
      });
      if (result.status === 'COMPLETED' || result.status === 'PENDING') {
        return { status: 'refunded', providerRefundId: result.id };
      }
      return { status: 'refused', failureReason: `Square left the refund ${result.status}.` };
    } catch (error) {
      if (!(error instanceof SquareError)) throw error;
      if (error.failure === 'provider') logProviderError('refund', error);
      return {
        status: 'refused',
        failureReason: `Square refused the refund: ${error.code}${detailOf(error)}`,
      };
    }
  });

  /**
   * A Square payment link for these lines (the shop's code, for an admin:
   * core/src/payment-link). The same idempotency key gives back the same
   * link. Square failing, or refusing the request, is a 502; not configured, 503.
   */
  export async function createPaymentLink(input: {
    idempotencyKey: string;
    referenceId: string;
    lines: readonly OrderLine[];
    description?: string;
    buyerEmail?: string;
  }): Promise<SquarePaymentLink> {
    assertAdmin();
    if (!isConfigured()) throw new VisibleError('unavailable', messages.notConfigured);
    try {
      return await square().createPaymentLink({ ...input, locationId: settings().locationId });
    } catch (error) {
      if (!(error instanceof SquareError)) throw error;
      logProviderError('payment link', error);
      throw new VisibleError('bad_gateway', messages.provider);
    }
  }

  const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

  /** The card's idempotency key: one card per user, customer and token (Square allows 45 characters). */
  function cardKey(userId: string, customerId: string, sourceId: string): string {
    return `card-${digest(`${userId}\n${customerId}\n${sourceId}`).slice(0, 40)}`;
  }

  /** Square's answer to a card on a customer it does not have. */
  function isUnknownCustomer(error: unknown): boolean {
    return (
      error instanceof SquareError &&
      error.errors.some(
        (item) => item.code === 'NOT_FOUND' && (error.status === 404 || !!item.field?.includes('customer')),
      ) &&
      !error.errors.some((item) => item.field === 'source_id')
    );
  }

  function detailOf(error: SquareError): string {
    const detail = error.errors[0]?.detail;
    return detail ? ` (${detail})` : '';
  }

  const declineMessages: Record<string, string> = {
    CVV_FAILURE: messages.cvv,
    VERIFY_CVV_FAILURE: messages.cvv,
    ADDRESS_VERIFICATION_FAILURE: messages.postalCode,
    VERIFY_AVS_FAILURE: messages.postalCode,
    INVALID_EXPIRATION: messages.expiration,
    CARD_EXPIRED: messages.expiration,
    INSUFFICIENT_FUNDS: messages.insufficientFunds,
  };

  /** A Square failure as the person saving a card should read it. */
  function visible(error: unknown, step: string): unknown {
    if (!(error instanceof SquareError)) return error;
    if (error.failure === 'declined') {
      return new VisibleError('invalid', declineMessages[error.code] ?? messages.declined);
    }
    if (error.failure === 'rejected') return new VisibleError('invalid', messages.rejected);
    logProviderError(step, error);
    return new VisibleError('bad_gateway', messages.provider);
  }

  async function disableQuietly(cardId: string): Promise<void> {
    try {
      await square().disableCard(cardId);
    } catch (error) {
      // The account no longer points at it, so nothing here can charge it; support can disable it later.
      if (error instanceof SquareError) logProviderError(`disable card ${cardId}`, error);
      else throw error;
    }
  }

  function logProviderError(step: string, error: SquareError): void {
    console.error(
      JSON.stringify({
        level: 'error',
        provider: 'square',
        step,
        status: error.status,
        code: error.code,
        error: error.message,
      }),
    );
  }
}
