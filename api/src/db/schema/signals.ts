import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/** Signals from guests to the staff (shop-spec §7 "Signal"): the waiter call of a table. */
export const signals = pgTable(
  'signals',
  {
    /** The client's id of the call: the idempotency key. */
    signalId: text('signal_id').primaryKey(),
    type: text('type').notNull(),
    usecase: text('usecase').notNull(),
    table: text('table_number').notNull(),
    browserId: text('browser_id').notNull(),
    /** Host branch the call came from. */
    filialnummer: bigint('filialnummer', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** When the staff acknowledged the call on the board (null while open). */
    acknowledgedAt: bigint('acknowledged_at', { mode: 'number' }),
  },
  (t) => [index('signals_table_idx').on(t.filialnummer, t.table, t.createdAt)],
);
