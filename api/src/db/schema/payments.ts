import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

export type PaymentStatus = 'pending' | 'requires_action' | 'authorized' | 'declined' | 'failed' | 'captured' | 'voided' | 'refunded';

export interface PaymentHistoryEntry {
  readonly status: PaymentStatus;
  readonly at: number;
  readonly note?: string;
}

/**
 * One payment attempt of an order at a provider. At most one live attempt per order
 * (pending, requires_action, authorized or captured): a partial unique index, so neither a
 * double click nor five retries can authorize an order twice. A declined or voided attempt
 * leaves room for a new one.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    uniqueOrderId: text('unique_order_id').notNull(),
    /** 'test' | 'stripe' | 'paypal' | 'customerCard' */
    provider: text('provider').notNull(),
    /** 'credit' | 'wallet' | 'paypal' | 'customerCard' */
    method: text('method').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    /** The provider's status word as last seen (requires_capture, APPROVED, …). */
    providerStatus: text('provider_status'),
    /** PaymentIntent id, PayPal order id or customer-card hold id. */
    providerRef: text('provider_ref'),
    /** PayPal authorization id. */
    authRef: text('auth_ref'),
    /** The provider's id of the capture (PayPal capture id), needed to refund it. */
    captureRef: text('capture_ref'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    customerId: text('customer_id'),
    paymentMethodId: text('payment_method_id'),
    authorizedAt: bigint('authorized_at', { mode: 'number' }),
    /**
     * One confirmation at a time (ADR 0026): a request that asks the provider to complete this
     * payment (PayPal authorize, 3-D Secure result) claims it until then; concurrent requests wait
     * for its answer instead of asking the provider a second time.
     */
    confirmingUntil: bigint('confirming_until', { mode: 'number' }),
    history: jsonb('history').$type<PaymentHistoryEntry[]>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('payments_one_live_per_order')
      .on(t.uniqueOrderId)
      .where(sql`${t.status} in ('pending', 'requires_action', 'authorized', 'captured')`),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.uniqueOrderId),
  ],
);

/** The buyer's customer at the card provider: one per owner (user id, or 'guest:' + browser id). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    customerId: text('customer_id').primaryKey(),
    provider: text('provider').notNull(),
    ownerKey: text('owner_key').notNull(),
    email: text('email').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('payment_customers_owner_idx').on(t.provider, t.ownerKey)],
);

/** Provider webhook events, keyed by the provider's event id: each event is applied once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** State of the offline test provider (customers, cards, intents, PayPal orders): it stands in for a PSP. */
export const paymentTestObjects = pgTable('payment_test_objects', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * Customer cards (requirements#order-entities): rfid, owner, primary flag. A card the staff issued has no owner
 * until the guest adds it with its check code (stored as a salted scrypt hash); after too many wrong
 * codes it takes no more attempts until the staff give it a new code (ADR 0021).
 */
export const customerCards = pgTable(
  'customer_cards',
  {
    rfid: text('rfid').primaryKey(),
    /** The account the card belongs to; null while an issued card waits for its guest. */
    fuid: text('fuid'),
    label: text('label').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** 'scrypt$<salt>$<hash>' of the check code; null for cards that were never handed out by code. */
    checkCodeHash: text('check_code_hash'),
    checkCodeFailures: integer('check_code_failures').notNull().default(0),
    /** The staff account that issued it. */
    issuedBy: text('issued_by'),
    /** The staff request that issued it (a repeated request finds the card instead of issuing another). */
    issueRequestId: text('issue_request_id'),
    claimedAt: bigint('claimed_at', { mode: 'number' }),
  },
  (t) => [index('customer_cards_fuid_idx').on(t.fuid), uniqueIndex('customer_cards_issue_request_idx').on(t.issueRequestId)],
);

/**
 * The ledger of the CRED accounts: every change of a balance is one entry (issue, topup, payment,
 * refund), written in the same transaction as the balance change; a staff request id books once.
 */
export const customerCardEntries = pgTable(
  'customer_card_entries',
  {
    id: text('id').primaryKey(),
    rfid: text('rfid')
      .notNull()
      .references(() => customerCards.rfid, { onDelete: 'cascade' }),
    kind: text('kind').$type<'issue' | 'topup' | 'payment' | 'refund'>().notNull(),
    /** Signed cents: top-ups and refunds positive, payments negative. */
    amount: integer('amount').notNull(),
    requestId: text('request_id'),
    uniqueOrderId: text('unique_order_id'),
    /** The staff account (issue, topup) or the hold (payment, refund) behind the entry. */
    createdBy: text('created_by').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('customer_card_entries_rfid_idx').on(t.rfid, t.createdAt), uniqueIndex('customer_card_entries_request_idx').on(t.requestId)],
);

/** Accounts of a customer card (accountType CRED holds the balance in cents). */
export const customerCardAccounts = pgTable(
  'customer_card_accounts',
  {
    rfid: text('rfid')
      .notNull()
      .references(() => customerCards.rfid, { onDelete: 'cascade' }),
    accountType: text('account_type').notNull(),
    balance: integer('balance').notNull(),
    symbol: text('symbol').notNull().default('€'),
  },
  (t) => [primaryKey({ columns: [t.rfid, t.accountType] })],
);

/** Holds on a CRED account: authorized amounts not yet captured (the balance minus holds is available). */
export const customerCardHolds = pgTable(
  'customer_card_holds',
  {
    id: text('id').primaryKey(),
    rfid: text('rfid').notNull(),
    uniqueOrderId: text('unique_order_id').notNull(),
    amount: integer('amount').notNull(),
    /** 'held' | 'captured' | 'voided' */
    status: text('status').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('customer_card_holds_rfid_idx').on(t.rfid)],
);

/** Cash captchas of the pickup-payment flow: the answer's hash, valid once until it expires. */
export const cashCaptchas = pgTable('cash_captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  usedAt: bigint('used_at', { mode: 'number' }),
});

/**
 * Wrong check codes (and unknown card numbers) per account (AddCustomerCard): an account may try
 * CHECKOUT_CONSTANTS.customerCardClaimFailuresPerAccount times within customerCardClaimWindowMs.
 * An account's older rows are removed with its next failure; all of them with the account.
 */
export const customerCardClaimFailures = pgTable(
  'customer_card_claim_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fuid: text('fuid').notNull(),
    failedAt: bigint('failed_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('customer_card_claim_failures_fuid_idx').on(t.fuid, t.failedAt)],
);
