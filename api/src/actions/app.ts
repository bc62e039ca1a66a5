import { eq } from 'drizzle-orm';
import {
  ACCEPTED_CONTRACT_VERSIONS,
  CONTRACT_VERSION,
  RECORD_BYTES,
  SHOP_CHANNEL,
  userSettings as userSettingsDoc,
  type UserSettings,
} from '@shop/shared/contract';
import { resolveFeatures } from '@shop/shared/domain/features';
import { requireStaff } from '../auth/staff';
import { lastModifiedValues } from '../content/versions';
import { userSettings } from '../db/schema';
import { assertRecordSize, salvage } from '../collections/record-bounds';
import { ApiError } from '../http/api-error';
import type { ActionContext, HandlerMap } from './context';

type AppActionNames = 'notifyAppLoaded' | 'GetLastModifiedValues' | 'notifyFoodsUpdated' | 'notifyDrinksUpdated' | 'SaveUserSettings' | 'GetDebugInfo';

/** The staff say a menu changed outside the shop: new version stamp, open apps pull it (menuUpdated). */
function menuChanged(kind: 'food' | 'drink') {
  return async (_payload: unknown, ctx: ActionContext) => {
    requireStaff(ctx);
    await ctx.menus.markStockChanged(kind, ctx.now());
    const { lastModified } = await ctx.menus.load(kind);
    await ctx.events.publish(SHOP_CHANNEL, { type: 'menuUpdated', kind });
    return { lastModified };
  };
}

/** A stored settings row as the contract's document (fields written before the schema was closed are dropped). */
export function toUserSettings(row: typeof userSettings.$inferSelect): UserSettings {
  return userSettingsDoc.parse({
    ...salvage(userSettingsDoc, { allergenes: row.allergenes, favcartsApp: row.favcartsApp, favFoods: row.favFoods, favDrinks: row.favDrinks }),
    fuid: row.fuid,
    updatedAt: row.updatedAt,
  });
}

/** The spec's remaining app actions (requirements#calls; what each does: shared/src/contract/actions/app.ts). */
export const appHandlers: Pick<HandlerMap, AppActionNames> = {
  notifyAppLoaded: async (_payload, ctx) => ({ serverNow: ctx.now(), lastModified: await lastModifiedValues(ctx.db, ctx.now()) }),

  GetLastModifiedValues: async (_payload, ctx) => ({ lastModified: await lastModifiedValues(ctx.db, ctx.now()) }),

  notifyFoodsUpdated: menuChanged('food'),
  notifyDrinksUpdated: menuChanged('drink'),

  SaveUserSettings: async ({ fuid, ...sent }, ctx) => {
    if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'User settings need a signed-in user');
    if (fuid !== ctx.user.uid) throw new ApiError(403, 'forbidden', 'A user may only save their own settings');
    const now = ctx.now();
    return ctx.db.transaction(async (tx) => {
      const [stored] = await tx.select().from(userSettings).where(eq(userSettings.fuid, fuid)).for('update');
      // Only the fields sent change; the record as it would be stored is checked as a whole.
      const before = stored ? salvage(userSettingsDoc, toUserSettings(stored)) : {};
      const changed = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
      const next = userSettingsDoc.parse({ ...before, ...changed, fuid, updatedAt: now });
      assertRecordSize(next, RECORD_BYTES.userSettings, 'The user settings');
      const fields = { allergenes: next.allergenes, favcartsApp: next.favcartsApp, favFoods: next.favFoods, favDrinks: next.favDrinks, updatedAt: now };
      const [row] = await tx
        .insert(userSettings)
        .values({ fuid, ...fields })
        .onConflictDoUpdate({ target: userSettings.fuid, set: fields })
        .returning();
      return { settings: toUserSettings(row!) };
    });
  },

  GetDebugInfo: async (_payload, ctx) => {
    const features = resolveFeatures((await ctx.menus.appConfig()).features, ctx.descriptor.features);
    const allowedAs = ctx.user?.staff ? 'staff' : features.enableDebugParams ? 'flag' : null;
    // Everyone else gets what an unknown page gets: the page shows 'Seite nicht gefunden'.
    if (!allowedAs) throw new ApiError(404, 'not_found', 'No such page');
    return {
      allowedAs,
      serverNow: ctx.now(),
      contract: { current: CONTRACT_VERSION, accepted: [...ACCEPTED_CONTRACT_VERSIONS] },
      host: {
        hosts: ctx.descriptor.hosts,
        filialnummer: ctx.descriptor.branch.filialnummer,
        shell: ctx.descriptor.shell ?? 'local',
        preview: ctx.descriptor.preview,
      },
    };
  },
};
