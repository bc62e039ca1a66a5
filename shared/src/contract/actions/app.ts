import { z } from 'zod';
import { epochMs } from '../common';
import { allergenCodes, favouriteCarts, favourites } from './docs';

/** When each kind of shop data last changed (ms; 0 when never). */
export const lastModifiedValues = z.object({
  food: epochMs,
  drink: epochMs,
  appconfig: epochMs,
  news: epochMs,
  offers: epochMs,
});
export type LastModifiedValues = z.infer<typeof lastModifiedValues>;

const fuid = z.string().trim().min(1).max(128);

/**
 * The account's user settings (requirements#entities "user settings: allergenes, favcartsApp"), and the account's
 * favourite foods and drinks (requirements#roles-and-flags: account holders keep favourites on the server), so
 * they follow every sign-in method to a new device, not only those with an e-mail address.
 */
export const userSettings = z
  .object({
    fuid,
    allergenes: allergenCodes.default([]),
    favcartsApp: favouriteCarts.default([]),
    favFoods: favourites.default([]),
    favDrinks: favourites.default([]),
    updatedAt: epochMs,
  })
  .strict();
export type UserSettings = z.infer<typeof userSettings>;

/**
 * The spec's remaining app actions (requirements#calls action names). What each does here (the spec shows
 * only the names):
 * - notifyAppLoaded: the app's start; answers the server time and the last-modified values, so the
 *   app refreshes only stale copies (news, offers).
 * - GetLastModifiedValues: the last-modified values alone.
 * - notifyFoodsUpdated / notifyDrinksUpdated: staff only; the food or drink menu was changed outside
 *   the shop (POS): the server drops its cached copy, stamps a new version and announces
 *   'menuUpdated' on the shop channel, so every open app pulls it.
 * - SaveUserSettings: the signed-in user's own settings (allergenes, favcartsApp, favFoods, favDrinks;
 *   only the fields sent change); read back with LoadDocs collectionName 'userSettings'.
 * - GetDebugInfo (not in the spec's list; route debugParams): staff, or everyone where the host
 *   enables enableDebugParams; refused with 404 otherwise, and the page shows 'Seite nicht gefunden'.
 */
export const appActions = {
  notifyAppLoaded: {
    payload: z
      .object({ appVersion: z.string().max(40).optional() })
      .strict()
      .optional(),
    response: z.object({ serverNow: epochMs, lastModified: lastModifiedValues }),
  },
  GetLastModifiedValues: {
    payload: z.object({}).strict().optional(),
    response: z.object({ lastModified: lastModifiedValues }),
  },
  notifyFoodsUpdated: {
    payload: z.object({}).strict().optional(),
    response: z.object({ lastModified: epochMs }),
  },
  notifyDrinksUpdated: {
    payload: z.object({}).strict().optional(),
    response: z.object({ lastModified: epochMs }),
  },
  SaveUserSettings: {
    payload: z
      .object({
        fuid,
        allergenes: allergenCodes.optional(),
        favcartsApp: favouriteCarts.optional(),
        favFoods: favourites.optional(),
        favDrinks: favourites.optional(),
      })
      .strict(),
    response: z.object({ settings: userSettings }),
  },
  GetDebugInfo: {
    payload: z.object({}).strict().optional(),
    response: z.object({
      /** Why the caller may see it. */
      allowedAs: z.enum(['staff', 'flag']),
      serverNow: epochMs,
      contract: z.object({ current: z.number().int(), accepted: z.array(z.number().int()) }),
      /** The descriptor the API resolved for this host (file name not included). */
      host: z.object({ hosts: z.array(z.string()), filialnummer: z.number().int(), shell: z.string(), preview: z.boolean() }),
    }),
  },
} as const;
