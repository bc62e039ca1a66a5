import { eq } from 'drizzle-orm';
import { toUserSettings } from '../actions/app';
import { userSettings } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CollectionModule } from './registry';

/** userSettings (SaveUserSettings): a signed-in user reads only their own. */
export const userSettingsCollection: CollectionModule<'userSettings'> = {
  async load(query, ctx) {
    if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'User settings need a signed-in user');
    if (query.fuid !== ctx.user.uid) throw new ApiError(403, 'forbidden', 'A user may only read their own settings');
    const rows = await ctx.db.select().from(userSettings).where(eq(userSettings.fuid, query.fuid));
    return rows.map(toUserSettings);
  },
};
