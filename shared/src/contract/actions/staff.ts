import { z } from 'zod';
import { CHECKOUT_CONSTANTS } from '../../domain/checkout-constants';
import { WAITER_CALL_LIMITS } from '../../domain/waiter-call';
import { readyPart, savedOrder } from '../order';

const waiterCall = z.object({ signalId: z.string(), table: z.string(), createdAt: z.number().int() });
/** A table whose waiter calls page nobody until `until` (MuteWaiterCalls). */
export const waiterMute = z.object({ table: z.string(), until: z.number().int() });
export type WaiterMute = z.infer<typeof waiterMute>;

/** The staff order board (ARCHITECTURE: mf-orders "the staff order board"); staff ID tokens only. */
export const staffActions = {
  /**
   * The orders of this host's branch (ADR 0026): every open one (New, Confirmed, Ready; no cap) and
   * one page of finished ones (history), newest first; `historyBefore` asks for the next older page.
   */
  LoadStaffOrders: {
    payload: z
      .object({
        /** The `historyCursor` of the previous answer: the next page of finished orders. */
        historyBefore: z.string().min(1).max(120).optional(),
      })
      .strict()
      .optional(),
    response: z.object({
      /** Placed orders (paid online, or to be paid on site): all open ones, and the finished ones of this history page. */
      orders: z.array(savedOrder),
      /** Online orders saved but not paid yet (not expired): not to be cooked, only to be rejected if need be; the newest. */
      awaitingPayment: z.array(savedOrder),
      /** How many unpaid online orders there are (awaitingPayment lists at most CHECKOUT_CONSTANTS.boardAwaitingPaymentMax). */
      awaitingPaymentCount: z.number().int().nonnegative().optional(),
      /** The next older page of finished orders (`historyBefore`), or null when there is none. */
      historyCursor: z.string().nullable().optional(),
      /** Open (not acknowledged) waiter calls of the last hour, newest first. */
      waiterCalls: z.array(waiterCall),
      /** Tables of this branch whose waiter calls are muted now (absent from older servers). */
      waiterMutes: z.array(waiterMute).optional(),
    }),
  },
  /**
   * The kitchen accepts, readies (food, drinks or all), hands over, rejects (before acceptance) or
   * cancels (before hand-over) an order; reject and cancel need a reason the guest sees
   * (domain/order-lifecycle.ts has the rules).
   */
  UpdateOrderStatus: {
    payload: z
      .object({
        uniqueOrderId: z.string().min(1).max(80),
        change: z.enum(['confirm', 'ready', 'collected', 'reject', 'cancel']),
        part: readyPart.optional(),
        reason: z.string().trim().max(CHECKOUT_CONSTANTS.staffReasonMaxLength).optional(),
      })
      .strict(),
    response: z.object({ order: savedOrder }),
  },
  /** The staff acknowledge a waiter call: it leaves every board. Idempotent. */
  AcknowledgeWaiterCall: {
    payload: z.object({ signalId: z.string().min(8).max(80) }).strict(),
    response: z.object({ acknowledged: z.boolean() }),
  },
  /**
   * The staff mute a table's waiter calls on the board for `minutes` (0: unmute): its calls page
   * nobody meanwhile and the guest is asked to speak to the staff. Answers this branch's mutes.
   */
  MuteWaiterCalls: {
    payload: z
      .object({
        table: z.string().trim().min(1).max(20),
        minutes: z.number().int().min(0).max(WAITER_CALL_LIMITS.maxMuteMinutes),
      })
      .strict(),
    response: z.object({ waiterMutes: z.array(waiterMute) }),
  },
} as const;
