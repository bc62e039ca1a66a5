import { desc, eq, sql } from 'drizzle-orm';
import { userPreferences as preferencesDoc, type UserPreferences } from '@shop/shared/contract';
import type { ActionContext } from '../actions/context';
import { userPreferences } from '../db/schema';
import { ApiError } from '../http/api-error';
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
 * userPreferences (shop-spec §3 Preferences, §7 "Query collection" / "Update collection"):
 * favourites and settings kept by device id. The device id is the request's browser id, so a
 * device reads and writes only its own document; by e-mail only the signed-in owner may read.
 */
export const userPreferencesCollection: CollectionModule<'userPreferences'> = {
  async load(query, ctx) {
    if ('deviceId' in query) {
      if (query.deviceId !== ctx.browserId) throw new ApiError(403, 'forbidden', 'A device may only read its own preferences');
      const rows = await ctx.db.select().from(userPreferences).where(eq(userPreferences.deviceId, query.deviceId));
      return rows.map((r) => r.data);
    }
    assertOwnEmail(query.email, ctx);
    const rows = await ctx.db
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.email, query.email.trim().toLowerCase()))
      .orderBy(desc(userPreferences.updatedAt));
    return rows.map((r) => r.data);
  },

  async upsert(payload, ctx) {
    const { email, ...rest } = payload.updates;
    if (email !== undefined) assertOwnEmail(email, ctx);
    const normalisedEmail = email?.trim().toLowerCase();
    // Fields present in `updates` replace the stored ones; the rest is kept (jsonb || merges top-level keys).
    const patch: Partial<UserPreferences> = { ...rest, deviceId: ctx.browserId, ...(normalisedEmail ? { email: normalisedEmail } : {}) };
    const fresh = preferencesDoc.parse(patch);
    const now = ctx.now();
    const [row] = await ctx.db
      .insert(userPreferences)
      .values({ deviceId: ctx.browserId, email: normalisedEmail ?? null, data: fresh, updatedAt: now })
      .onConflictDoUpdate({
        target: userPreferences.deviceId,
        set: {
          data: sql`${userPreferences.data} || ${JSON.stringify(patch)}::jsonb`,
          email: normalisedEmail ? sql`${normalisedEmail}` : sql`${userPreferences.email}`,
          updatedAt: now,
        },
      })
      .returning();
    return row ? preferencesDoc.parse(row.data) : undefined;
  },
};
