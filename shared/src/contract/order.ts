import { z } from 'zod';
import { cart } from './cart';
import { cents, epochMs, LIMITS, paymentMethodId, price, usecase } from './common';

export const address = z
  .object({
    company: z.string().trim().max(LIMITS.addressField).default(''),
    street: z.string().trim().max(LIMITS.addressField).default(''),
    plz: z.string().trim().max(LIMITS.plz).default(''),
    city: z.string().trim().max(LIMITS.addressField).default(''),
    etage: z.string().trim().max(LIMITS.addressField).optional(),
  })
  .strict();
export type Address = z.infer<typeof address>;

export const userInfo = z
  .object({
    /** The spec's browser id: accepted from old clients, never stored or sent back (docs/security.md). */
    btaste: z.string().max(LIMITS.id).optional(),
    fuid: z.string().max(LIMITS.id).nullable().default(null),
    name: z.string().trim().max(LIMITS.personName).default(''),
    email: z.string().trim().max(LIMITS.email).default(''),
    phone: z.string().trim().max(LIMITS.phone).default(''),
  })
  .strict();

export const selectedTime = z.object({
  /** 'HH:MM' */
  value: z.string().max(5),
  /** 'ca. HH:MM Uhr' */
  display: z.string().max(LIMITS.code),
  utc: epochMs,
});
export type SelectedTime = z.infer<typeof selectedTime>;

/**
 * The order as sent on creation (requirements#order-entities). The server recomputes every amount from
 * its own menu and config and refuses a mismatch (`paymentInfo.amount` is the client's claim).
 */
const orderDraftShape = {
  /** Client order id: idempotency key of SaveNewOrder. */
  clientId: z.string().min(8).max(80),
  lastMenuUpdate: z.number().int().nonnegative().default(0),
  onlinePay: z.boolean(),
  directPay: z.boolean().default(false),
  authCompleted: z.boolean().default(false),
  asGuest: z.boolean(),
  type: z.literal('selfOrder').default('selfOrder'),
  fuid: z.string().max(LIMITS.id).nullable().default(null),
  btaste: z.string().max(LIMITS.id).optional(),
  domain: z.string().max(253).optional(),
  channel: z.literal('on-the-go').default('on-the-go'),
  usecase,
  createdAt: epochMs,
  orderData: cart.min(1),
  paymentInfo: z.object({ amount: price, itemsTotal: price, tip: price.default(0) }),
  /** Set by the server after authorization; a client's value is ignored (bounded so it cannot be large). */
  paymentAuth: z.record(z.string().max(LIMITS.code), z.string().max(LIMITS.name).nullable()).optional(),
  psp: paymentMethodId.optional(),
  note: z.string().trim().max(LIMITS.note).default(''),
  userInfo,
  pushToken: z.string().max(4096).optional(),
  userAgentData: z.string().max(300).optional(),
  collectStempel: z.boolean().optional(),
  stempelType: z.number().int().min(0).max(99).optional(),
  // takeaway
  pickupDate: z.string().max(LIMITS.code).optional(),
  abholAdresse: z.string().max(LIMITS.name).optional(),
  targetTime: epochMs.optional(),
  invoiceAddress: address.optional(),
  deliveryAddress: address.optional(),
  mehrwegOption: z.boolean().optional(),
  mehrwegOptionCompanyName: z.string().max(LIMITS.addressField).optional(),
  sentToPos: z.boolean().optional(),
  // delivery
  deliveryDate: z
    .object({ value: z.string().max(LIMITS.code), utc: epochMs })
    .strict()
    .optional(),
  // in-house
  table: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional(),
  orderArea: z.string().max(LIMITS.code).optional(),
  selfServiceEnabled: z.boolean().optional(),
  storno: z.boolean().optional(),
  /** Branch the order goes to. */
  filialnummer: z.number().int().positive().max(9999).optional(),
  /** Orders paid on site: the solved human check (GetCashCaptcha), the widget's base64 payload. */
  captcha: z
    .object({ payload: z.string().min(1).max(4_000) })
    .strict()
    .optional(),
};

/** Strict: an unknown field in an order is refused (400), never silently stored. */
export const orderDraft = z.object(orderDraftShape).strict();
export type OrderDraft = z.infer<typeof orderDraft>;
export type OrderDraftInput = z.input<typeof orderDraft>;

/**
 * The order's lifecycle (shared/src/domain/order-lifecycle.ts has the transitions):
 * Draft (saved by an online checkout, not paid, editable) → AwaitingPayment (a payment attempt runs)
 * → New (placed: paid online, or to be paid on site) → Confirmed (accepted by the kitchen) → Ready
 * (every expected part ready) → Collected (handed over). Rejected (by the kitchen, before acceptance),
 * Cancelled (before hand-over) and Expired (left unpaid) end it. PickedUp is the spec's "picked-up
 * state": read like Collected, never written.
 */
export const orderState = z.enum(['Draft', 'AwaitingPayment', 'New', 'Confirmed', 'Ready', 'Collected', 'Rejected', 'Cancelled', 'Expired', 'PickedUp']);
export type OrderState = z.infer<typeof orderState>;

/** The parts of an order the kitchen readies separately (abholbereit, getraenkeAbholbereit). */
export const readyPart = z.enum(['food', 'drinks']);
export type ReadyPart = z.infer<typeof readyPart>;

export const orderHistoryEntry = z.object({ state: orderState, at: epochMs, reason: z.string().optional(), part: readyPart.optional() });

/** The saved order as the server returns it (requirements#order-entities "fields read on the status page"). */
export const savedOrder = z.object(orderDraftShape).extend({
  uniqueOrderId: z.string().min(1),
  orderNumber: z.number().int().positive(),
  state: orderState,
  history: z.array(orderHistoryEntry).default([]),
  kommissioniert: z.boolean().default(false),
  abholbereit: z.boolean().default(false),
  getraenkeAbholbereit: z.boolean().default(false),
  allReady: z.boolean().default(false),
  kasseFertig: z.boolean().default(false),
  paid: z.boolean().default(false),
  captured: z.boolean().default(false),
  capturedAt: epochMs.optional(),
  authCompletedAt: epochMs.optional(),
  /** Set with the authorization (requirements#order-entities "Order fields set after payment authorization"). */
  isPayPal: z.boolean().optional(),
  sentPaymentToPos: z.boolean().optional(),
  charged: z.boolean().default(false),
  stornoAmounts: z.array(z.object({ countRemoved: z.number().int(), name: z.string(), amountRemoved: cents })).default([]),
  collectedAt: epochMs.optional(),
  /** When food (abholbereit) and drinks (getraenkeAbholbereit) were marked ready. */
  foodReadyAt: epochMs.optional(),
  drinksReadyAt: epochMs.optional(),
  rejectReason: z.string().optional(),
  cancelReason: z.string().optional(),
  /** What happened to an online payment of a rejected, cancelled or expired order. */
  paymentReleased: z.enum(['voided', 'refunded']).optional(),
  refundedAt: epochMs.optional(),
  /** The capture of the accepted order's payment failed; the server retries it (reconciliation). */
  captureFailed: z.boolean().optional(),
  /** A Draft or AwaitingPayment order expires (drops out) when it is not paid by then. */
  expiresAt: epochMs.optional(),
  /**
   * The order's access token (a capability: read the order, follow its live status). Only in
   * answers to the order's owner (SaveNewOrder, GetLastSelfOrders, LoadDocs with the token).
   */
  accessToken: z.string().optional(),
  /** The server's own computation of the total in cents (equal to paymentInfo.amount). */
  total: price,
});
export type SavedOrder = z.infer<typeof savedOrder>;
