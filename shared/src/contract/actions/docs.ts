import { z } from 'zod';
import { cart, lineExtra, variantSelection } from '../cart';
import { epochMs, LIMITS, shortId } from '../common';
import { pushToken } from '../push';

/** A favourite (requirements#entities Favourite): closed and bounded like the cart line it becomes. */
export const favourite = z
  .object({
    id: shortId,
    num: z.string().max(LIMITS.code).optional(),
    posId: z.number().int().optional(),
    image: z.string().max(LIMITS.text).optional(),
    nameToDisplay: z.string().max(LIMITS.name),
    extras: z.array(lineExtra).max(LIMITS.extras).default([]),
    extrasToDisplay: z.string().max(LIMITS.text).default(''),
    variantsSelected: z.array(variantSelection).max(LIMITS.shortList).default([]),
    stylesSelected: z.array(shortId).max(LIMITS.shortList).default([]),
    vol: z.string().max(LIMITS.code).default(''),
  })
  .strict();
export type Favourite = z.infer<typeof favourite>;

/** A favourite cart (requirements#entities user settings `favcartsApp`, preferences `favCarts`): a named, bounded cart. */
export const favouriteCart = z
  .object({
    id: shortId,
    name: z.string().trim().max(LIMITS.name),
    items: cart.max(LIMITS.favouriteCartLines),
    savedAt: epochMs.optional(),
  })
  .strict();
export type FavouriteCart = z.infer<typeof favouriteCart>;

export const favourites = z.array(favourite).max(LIMITS.favourites);
export const favouriteCarts = z.array(favouriteCart).max(LIMITS.favouriteCarts);
/** Allergen codes the guest excludes (user setting `allergenes`). */
export const allergenCodes = z.array(z.string().min(1).max(LIMITS.allergenCode)).max(LIMITS.allergenCodes);

/** Preferences kept by device id (requirements#entities Preferences): a closed record (RECORD_BYTES.preferences). */
export const userPreferences = z
  .object({
    deviceId: z.string().max(100),
    email: z.string().max(LIMITS.email).optional(),
    favFoods: favourites.default([]),
    favDrinks: favourites.default([]),
    favCarts: favouriteCarts.default([]),
    allergenes: allergenCodes.default([]),
  })
  .strict();
export type UserPreferences = z.infer<typeof userPreferences>;

/**
 * DocUpserter (requirements#calls "Update collection", requirements#checkout-calls "Mark order authorized",
 * "Store push token"): one generic action, one member per collection.
 */
export const docUpserterPayload = z.discriminatedUnion('collectionName', [
  z
    .object({
      collectionName: z.literal('userPreferences'),
      // Only the fields sent change: no defaults here, or a partial update would wipe the others.
      updates: z
        .object({
          email: z.string().max(LIMITS.email).optional(),
          favFoods: favourites.optional(),
          favDrinks: favourites.optional(),
          favCarts: favouriteCarts.optional(),
          allergenes: allergenCodes.optional(),
        })
        .strict(),
      subjectKey: z.literal('deviceId'),
      autoRetry: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      collectionName: z.literal('orders'),
      updates: z
        .object({
          authCompleted: z.literal(true),
          psp: z.enum(['paypal', 'credit', 'wallet', 'customerCard']),
          isPayPal: z.boolean().optional(),
          paymentAuth: z.record(z.string(), z.unknown()).optional(),
        })
        .strict(),
      subjectKey: z.object({ key: z.literal('uniqueOrderId'), value: z.string().min(1).max(80) }).strict(),
      autoRetry: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      collectionName: z.literal('pushTokens'),
      // The device is the caller's browser id: a device stores its own token only (docs/adr/0024-push-messages.md).
      updates: z.object({ deviceId: z.string().min(1).max(LIMITS.id), pushToken }).strict(),
      subjectKey: z.literal('deviceId'),
      autoRetry: z.boolean().optional(),
    })
    .strict(),
]);
export type DocUpserterPayload = z.infer<typeof docUpserterPayload>;

export const docsActions = {
  DocUpserter: {
    payload: docUpserterPayload,
    response: z.object({ doc: z.record(z.string(), z.unknown()).optional() }),
  },
} as const;
