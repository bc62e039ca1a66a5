import { bigint, boolean, index, integer, jsonb, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
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
    fuid: text('fuid'),
    usecase: text('usecase').notNull(),
    state: text('state').notNull(),
    total: integer('total').notNull(),
    authCompleted: boolean('auth_completed').notNull().default(false),
    /** Unpaid online orders (Draft, AwaitingPayment): when they expire; null once placed or ended. */
    expiresAt: bigint('expires_at', { mode: 'number' }),
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
  ],
);
