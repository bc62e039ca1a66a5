import { z } from 'zod';
import { price } from '../common';
import { userInfo } from '../order';

/**
 * Payment actions (requirements#checkout-calls). Card data never reaches the shop's server: the browser
 * turns it into a payment method id at the card provider (Stripe.js, or the offline test
 * provider's form in test mode) and only that id is sent.
 */

/** A saved card (requirements#order-entities Saved payment method). */
export const savedCard = z.object({
  paymentMethodId: z.string(),
  /** 'Visa •••• 4242' */
  label: z.string(),
  /** 'MM/YY' */
  exp: z.string(),
});
export type SavedCard = z.infer<typeof savedCard>;

const providerId = z
  .string()
  .min(3)
  .max(120)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected a provider id');
const orderRef = z.object({ uniqueOrderId: z.string().min(1).max(80) }).strict();

/** Card intent status as the checkout reads it (requires_action, requires_capture, anything else). */
export const cardIntentStatus = z.string();

export const customerCardAccount = z.object({ accountType: z.string(), balance: z.number().int(), symbol: z.string() });
export const customerCard = z.object({ rfid: z.string(), label: z.string(), accounts: z.array(customerCardAccount) });
export type CustomerCard = z.infer<typeof customerCard>;

export const paymentsActions = {
  /** The buyer's payment customer and saved cards (signed-in: by user id; guest: by browser id). */
  GetStripeBuyersProfile: {
    payload: z.object({}).strict().optional(),
    response: z.object({
      stripeCustomerId: z.string().nullable(),
      paymentMethods: z.array(savedCard),
      /** 'test' when the offline test provider answers (no keys configured). */
      mode: z.enum(['test', 'live']),
    }),
  },
  CreateStripeBuyer: {
    payload: z.object({ fuid: z.string().nullable().optional(), email: z.string().trim().max(254) }).strict(),
    response: z.object({ stripeCustomerId: z.string() }),
  },
  AttachPaymentMethodToStripe: {
    payload: z
      .object({
        btaste: z.string().optional(),
        stripeCustomerId: providerId,
        paymentMethodId: providerId,
        /** Test mode only: the expiry typed into the test card form ('MM/YY'); live cards carry their own. */
        testCardExpiry: z
          .string()
          .regex(/^(0[1-9]|1[0-2])\/\d{2}$/)
          .optional(),
      })
      .strict(),
    response: z.object({ paymentMethod: savedCard }),
  },
  DetachStripeMethod: {
    payload: z
      .object({
        paymentMethodId: providerId,
        stripeCustomerId: providerId,
        guestToken: z.string().optional(),
        fuid: z.string().optional(),
      })
      .strict(),
    response: z.object({}),
  },
  StripeCreatePaymentIntent: {
    payload: z
      .object({
        /** Cents; must equal the saved order's total (the server charges its own total). */
        amount: price,
        userInfo: userInfo.partial().optional(),
        stripeCustomerId: providerId.optional(),
        paymentMethodId: providerId,
        order: orderRef,
        method: z.enum(['credit', 'wallet']).default('credit'),
      })
      .strict(),
    response: z.object({
      paymentIntentId: z.string(),
      clientSecret: z.string(),
      status: cardIntentStatus,
      paymentMethodId: z.string(),
    }),
  },
  /**
   * Offline test provider only: the result of the simulated 3-D Secure step (what Stripe.js
   * does with the issuer in live mode). Refused in live mode.
   */
  TestConfirmCardAction: {
    payload: z.object({ paymentIntentId: providerId, approve: z.boolean() }).strict(),
    response: z.object({ status: cardIntentStatus }),
  },
  CreatePayPalOrder: {
    payload: z.object({ order: orderRef, negativeTest: z.literal(false).default(false) }).strict(),
    response: z.object({ data: z.object({ paypalOrderId: z.string() }), noLock: z.boolean().optional() }),
  },
  /** Offline test provider only: the buyer approves (or not) the test PayPal order. */
  TestApprovePayPalOrder: {
    payload: z.object({ paypalOrderId: providerId, approve: z.boolean() }).strict(),
    response: z.object({ status: z.string() }),
  },
  /** After the buyer approved at PayPal: authorize the order (intent AUTHORIZE). */
  AuthorizePayPalOrder: {
    payload: z.object({ order: orderRef, paypalOrderId: providerId }).strict(),
    response: z.object({ paypalOrderId: z.string(), paypalAuthId: z.string(), status: z.string(), noLock: z.boolean().optional() }),
  },
  /** Customer cards of the signed-in user with their accounts (CRED balance) and the primary card. */
  GetCustomerCards: {
    payload: z.object({}).strict().optional(),
    response: z.object({ cards: z.array(customerCard), primaryCardId: z.string().nullable() }),
  },
  /** Karten: makes one of the signed-in user's customer cards the primary card (the one checkout charges). */
  SetPrimaryCustomerCard: {
    payload: z.object({ rfid: z.string().min(1).max(64) }).strict(),
    response: z.object({ cards: z.array(customerCard), primaryCardId: z.string().nullable() }),
  },
  /** Places a hold on the primary card's CRED account for the order's total. */
  CustomerCardAuthorize: {
    payload: z.object({ order: orderRef, rfid: z.string().min(1).max(64) }).strict(),
    response: z.object({ holdId: z.string(), balance: z.number().int() }),
  },
  /** The human check of orders paid on site (requirements#checkout-screens; ADR 0014): a signed proof-of-work challenge. */
  GetCashCaptcha: {
    payload: z.object({}).strict().optional(),
    response: z.object({
      challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }).loose(),
    }),
  },
} as const;
