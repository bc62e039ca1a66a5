import { sql } from 'drizzle-orm';
import { ACCEPTED_CONTRACT_VERSIONS, CONTRACT_VERSION, SHOP_CHANNEL, type UserSettings } from '@shop/shared/contract';
import { resolveFeatures } from '@shop/shared/domain/features';
import { requireStaff } from '../auth/staff';
import { lastModifiedValues } from '../content/versions';
import { userSettings } from '../db/schema';
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

export function toUserSettings(row: typeof userSettings.$inferSelect): UserSettings {
  return { fuid: row.fuid, allergenes: row.allergenes, favcartsApp: row.favcartsApp, updatedAt: row.updatedAt };
}

/** The spec's remaining app actions (shop-spec §7; what each does: shared/src/contract/actions/app.ts). */
export const appHandlers: Pick<HandlerMap, AppActionNames> = {
  notifyAppLoaded: async (_payload, ctx) => ({ serverNow: ctx.now(), lastModified: await lastModifiedValues(ctx.db, ctx.now()) }),

  GetLastModifiedValues: async (_payload, ctx) => ({ lastModified: await lastModifiedValues(ctx.db, ctx.now()) }),

  notifyFoodsUpdated: menuChanged('food'),
  notifyDrinksUpdated: menuChanged('drink'),

  SaveUserSettings: async ({ fuid, allergenes, favcartsApp }, ctx) => {
    if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'User settings need a signed-in user');
    if (fuid !== ctx.user.uid) throw new ApiError(403, 'forbidden', 'A user may only save their own settings');
    const now = ctx.now();
    const [row] = await ctx.db
      .insert(userSettings)
      .values({ fuid, allergenes: allergenes ?? [], favcartsApp: favcartsApp ?? [], updatedAt: now })
      .onConflictDoUpdate({
        target: userSettings.fuid,
        set: {
          ...(allergenes !== undefined ? { allergenes: sql`${JSON.stringify(allergenes)}::jsonb` } : {}),
          ...(favcartsApp !== undefined ? { favcartsApp: sql`${JSON.stringify(favcartsApp)}::jsonb` } : {}),
          updatedAt: now,
        },
      })
      .returning();
    return { settings: toUserSettings(row!) };
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
