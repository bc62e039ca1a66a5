import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgSequence, pgTable, text, boolean } from 'drizzle-orm/pg-core';
import type { SavedOrder } from '@shop/shared/contract';

export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    uniqueOrderId: text('unique_order_id').primaryKey(),
    /** The client's order id: the idempotency key of SaveNewOrder. */
    clientId: text('client_id').notNull().unique(),
    orderNumber: integer('order_number').notNull(),
    browserId: text('browser_id').notNull(),
    /**
     * A keyed hash of the IP address the order was placed from (never the address itself): counts the
     * unpaid orders one network holds (CHECKOUT_CONSTANTS.maxOpenDraftsPerIp). Null for older rows.
     */
    ipKey: text('ip_key'),
    fuid: text('fuid'),
    usecase: text('usecase').notNull(),
    state: text('state').notNull(),
    total: integer('total').notNull(),
    authCompleted: boolean('auth_completed').notNull().default(false),
    /**
     * The branch the order belongs to, read from the order document (`filialnummer`): a generated
     * column, so the board finds a branch's orders by index and the two can never differ.
     */
    filialnummer: integer('filialnummer').generatedAlwaysAs(sql`((data ->> 'filialnummer'))::integer`),
    /**
     * Unpaid online orders (Draft, AwaitingPayment): when they expire; null once placed or ended.
     * Generated from the order document's `expiresAt` (ADR 0026): the sweep and the document read
     * one value, no code path can write one without the other.
     */
    expiresAt: bigint('expires_at', { mode: 'number' }).generatedAlwaysAs(sql`((data ->> 'expiresAt'))::bigint`),
    /** The limited stock this order took (given back if it is rejected, cancelled or expires). */
    stockTaken: jsonb('stock_taken').$type<{ id: string; count: number; kind: 'food' | 'drink' }[]>().notNull().default([]),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    data: jsonb('data').$type<SavedOrder>().notNull(),
  },
  (t) => [
    index('orders_browser_idx').on(t.browserId),
    index('orders_fuid_idx').on(t.fuid),
    index('orders_created_idx').on(t.createdAt),
    index('orders_state_idx').on(t.state),
    index('orders_expires_idx').on(t.expiresAt),
    index('orders_ip_key_idx').on(t.ipKey),
    /** The board: a branch's orders by state (open ones), newest first; and its history pages. */
    index('orders_branch_state_idx').on(t.filialnummer, t.state, t.createdAt),
    index('orders_branch_created_idx').on(t.filialnummer, t.createdAt, t.uniqueOrderId),
  ],
);
