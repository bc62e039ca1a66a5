import { z } from 'zod';
import { CHECKOUT_CONSTANTS } from '../../domain/checkout-constants';
import { isValidCardNumber, isValidCheckCode, normalizeCardNumber, normalizeCheckCode } from '../../domain/customer-cards';
import { epochMs } from '../common';
import { customerCard } from './payments';

/** A card number as typed (spaces and dashes allowed), normalised; must carry its check digit. */
const cardNumber = z.string().max(40).transform(normalizeCardNumber).refine(isValidCardNumber, 'expected a card number of 12 digits with its check digit');
/** A card as the staff look it up: issued numbers, or older ids (seeds, tests). */
const anyCardId = z.string().trim().min(1).max(64).transform(normalizeCardNumber);
const requestId = z
  .string()
  .min(8)
  .max(80)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected a request id');

/** A card as the staff see it (never the check code). */
export const staffCustomerCard = z.object({
  rfid: z.string(),
  label: z.string(),
  /** CRED balance in cents (open holds not subtracted). */
  balance: z.number().int(),
  claimed: z.boolean(),
  /** Too many wrong check codes: no more attempts until the staff give it a new code. */
  locked: z.boolean(),
  createdAt: epochMs,
});
export type StaffCustomerCard = z.infer<typeof staffCustomerCard>;

/** One booking of a card's CRED account (the ledger: a balance changes only through entries). */
export const customerCardEntry = z.object({
  id: z.string(),
  kind: z.enum(['issue', 'topup', 'payment', 'refund']),
  /** Signed cents: top-ups and refunds positive, payments negative. */
  amount: z.number().int(),
  createdAt: epochMs,
  uniqueOrderId: z.string().optional(),
});
export type CustomerCardEntry = z.infer<typeof customerCardEntry>;

/**
 * Customer cards a guest can get (ADR 0021): the staff issue a card (number and
 * check code handed to the guest) and top it up; the guest adds it in Karten with both. Staff
 * actions need the staff claim (ADR 0010).
 */
export const customerCardActions = {
  /** Staff: a new card with an optional first balance; the check code is shown once. Idempotent by requestId. */
  IssueCustomerCard: {
    payload: z
      .object({
        label: z.string().trim().max(60).default(''),
        initialAmount: z.number().int().min(0).max(CHECKOUT_CONSTANTS.customerCardTopUpMaxCents).default(0),
        requestId,
      })
      .strict(),
    response: z.object({ card: staffCustomerCard, checkCode: z.string() }),
  },
  /** Staff: books a top-up (a ledger entry); a repeated requestId books nothing more. */
  TopUpCustomerCard: {
    payload: z.object({ rfid: anyCardId, amount: z.number().int(), requestId }).strict(),
    response: z.object({ card: staffCustomerCard, entry: customerCardEntry, repeated: z.boolean() }),
  },
  /** Staff: a card with its latest bookings. */
  FindCustomerCard: {
    payload: z.object({ rfid: anyCardId }).strict(),
    response: z.object({ card: staffCustomerCard, entries: z.array(customerCardEntry) }),
  },
  /** Staff: the cards issued most recently. */
  LoadStaffCustomerCards: {
    payload: z.object({}).strict().optional(),
    response: z.object({ cards: z.array(staffCustomerCard) }),
  },
  /** Staff: a new check code for a card not yet added to an account (lost code, or locked after wrong codes). */
  ResetCustomerCardCode: {
    payload: z.object({ rfid: anyCardId }).strict(),
    response: z.object({ card: staffCustomerCard, checkCode: z.string() }),
  },
  /** The signed-in guest adds a card with its number and check code; it belongs to that account from then on. */
  AddCustomerCard: {
    payload: z
      .object({
        rfid: cardNumber,
        checkCode: z.string().max(20).transform(normalizeCheckCode).refine(isValidCheckCode, 'expected a 6-digit check code'),
      })
      .strict(),
    response: z.object({ cards: z.array(customerCard), primaryCardId: z.string().nullable(), added: z.string() }),
  },
} as const;
