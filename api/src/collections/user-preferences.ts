import { desc, eq } from 'drizzle-orm';
import { RECORD_BYTES, userPreferences as preferencesDoc } from '@shop/shared/contract';
import type { ActionContext } from '../actions/context';
import { userPreferences } from '../db/schema';
import { ApiError } from '../http/api-error';
import { assertRecordSize, salvage } from './record-bounds';
import type { CollectionModule } from './registry';

function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());
}

/** An e-mail may only be used by the signed-in user it belongs to. */
function assertOwnEmail(email: string, ctx: ActionContext): void {
  if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'Sign in to use preferences by e-mail');
  if (!sameEmail(ctx.user.email, email)) throw new ApiError(403, 'forbidden', 'The e-mail does not belong to the signed-in user');
}

/**
 * userPreferences (requirements#entities Preferences, requirements#calls "Query collection" / "Update collection"):
 * favourites and settings kept by device id. The device id is the request's browser id, so a
 * device reads and writes only its own document; by e-mail only the signed-in owner may read.
 */
export const userPreferencesCollection: CollectionModule<'userPreferences'> = {
  async load(query, ctx) {
    if ('deviceId' in query) {
      if (query.deviceId !== ctx.browserId) throw new ApiError(403, 'forbidden', 'A device may only read its own preferences');
      const rows = await ctx.db.select().from(userPreferences).where(eq(userPreferences.deviceId, query.deviceId));
      return rows.map((r) => salvage(preferencesDoc, r.data));
    }
    assertOwnEmail(query.email, ctx);
    const rows = await ctx.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.email, query.email.trim().toLowerCase()))
      .orderBy(desc(userPreferences.updatedAt));
    return rows.map((r) => salvage(preferencesDoc, r.data));
  },

  async upsert(payload, ctx) {
    const { email, ...rest } = payload.updates;
    if (email !== undefined) assertOwnEmail(email, ctx);
    const normalisedEmail = email?.trim().toLowerCase();
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const [stored] = await tx.select().from(userPreferences).where(eq(userPreferences.deviceId, ctx.browserId)).for('update');
      // Fields present in `updates` replace the stored ones; the rest is kept. The merged record is
      // checked as a whole: closed schema, and at most RECORD_BYTES.preferences.
      const merged = preferencesDoc.parse({
        ...(stored ? salvage(preferencesDoc, stored.data) : {}),
        ...rest,
        deviceId: ctx.browserId,
        ...(normalisedEmail ? { email: normalisedEmail } : {}),
      });
      assertRecordSize(merged, RECORD_BYTES.preferences, 'The preferences of this device');
      const [row] = await tx
        .insert(userPreferences)
        .values({ deviceId: ctx.browserId, email: merged.email ?? null, data: merged, updatedAt: now })
        .onConflictDoUpdate({ target: userPreferences.deviceId, set: { data: merged, email: merged.email ?? null, updatedAt: now } })
        .returning();
      return row ? preferencesDoc.parse(row.data) : undefined;
    });
  },
};
