import { z } from 'zod';
import { LIMITS } from '../common';
import { pushToken } from '../push';

/** A favourite (shop-spec §3 Favourite). */
export const favourite = z.object({
  id: z.string().min(1),
  num: z.string().optional(),
  posId: z.number().int().optional(),
  image: z.string().optional(),
  nameToDisplay: z.string(),
  extras: z.array(z.object({ name: z.string(), price: z.number().int(), posId: z.number().int().optional() })).default([]),
  extrasToDisplay: z.string().default(''),
  variantsSelected: z
    .array(z.object({ stepIndex: z.number().int().nonnegative(), optionIds: z.array(z.string()), portion: z.number().int().nonnegative().default(0) }))
    .default([]),
  stylesSelected: z.array(z.string()).default([]),
  vol: z.string().default(''),
});
export type Favourite = z.infer<typeof favourite>;

/** Preferences kept by device id (shop-spec §3 Preferences). */
export const userPreferences = z.object({
  deviceId: z.string(),
  email: z.string().optional(),
  favFoods: z.array(favourite).max(200).default([]),
  favDrinks: z.array(favourite).max(200).default([]),
  favCarts: z.array(z.unknown()).max(50).default([]),
  /** Allergen codes the guest excludes (user setting `allergenes`). */
  allergenes: z.array(z.string()).max(40).default([]),
});
export type UserPreferences = z.infer<typeof userPreferences>;

/**
 * DocUpserter (shop-spec §7 "Update collection", checkout-spec §7 "Mark order authorized",
 * "Store push token"): one generic action, one member per collection.
 */
export const docUpserterPayload = z.discriminatedUnion('collectionName', [
  z
    .object({
      collectionName: z.literal('userPreferences'),
      // Only the fields sent change: no defaults here, or a partial update would wipe the others.
      updates: z
        .object({
          email: z.string().optional(),
          favFoods: z.array(favourite).max(200).optional(),
          favDrinks: z.array(favourite).max(200).optional(),
          favCarts: z.array(z.unknown()).max(50).optional(),
          allergenes: z.array(z.string()).max(40).optional(),
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
export type CollectionName = DocUpserterPayload['collectionName'] | 'news';

export const docsActions = {
  DocUpserter: {
    payload: docUpserterPayload,
    response: z.object({ doc: z.record(z.string(), z.unknown()).optional() }),
  },
} as const;
