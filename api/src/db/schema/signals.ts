import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Signals from guests to the staff (requirements#calls "Signal"): the waiter call of a table. */
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

/**
 * Tables whose waiter calls the staff muted on the board (MuteWaiterCalls): until `mutedUntil` a
 * call from that table of that branch pages nobody; the guest is told to ask the staff directly.
 */
export const waiterMutes = pgTable(
  'waiter_mutes',
  {
    filialnummer: bigint('filialnummer', { mode: 'number' }).notNull(),
    table: text('table_number').notNull(),
    mutedUntil: bigint('muted_until', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.filialnummer, t.table] })],
);
