import { and, eq, gt } from 'drizzle-orm';
import type { WaiterMute } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { waiterMutes } from '../db/schema';

/** The tables of a branch whose waiter calls are muted now. */
export async function activeMutes(db: Db, filialnummer: number, now: number): Promise<WaiterMute[]> {
  const rows = await db
    .select()
    .from(waiterMutes)
    .where(and(eq(waiterMutes.filialnummer, filialnummer), gt(waiterMutes.mutedUntil, now)))
    .orderBy(waiterMutes.table);
  return rows.map((r) => ({ table: r.table, until: r.mutedUntil }));
}

/** Until when a table's calls are muted (null: not muted). */
export async function mutedUntil(db: Db, filialnummer: number, table: string): Promise<number | null> {
  const [row] = await db
    .select()
    .from(waiterMutes)
    .where(and(eq(waiterMutes.filialnummer, filialnummer), eq(waiterMutes.table, table)));
  return row?.mutedUntil ?? null;
}

/** Mutes a table until `until`, or unmutes it (until null). */
export async function setMute(db: Db, filialnummer: number, table: string, until: number | null): Promise<void> {
  if (until === null) {
    await db.delete(waiterMutes).where(and(eq(waiterMutes.filialnummer, filialnummer), eq(waiterMutes.table, table)));
    return;
  }
  await db
    .insert(waiterMutes)
    .values({ filialnummer, table, mutedUntil: until })
    .onConflictDoUpdate({ target: [waiterMutes.filialnummer, waiterMutes.table], set: { mutedUntil: until } });
}
