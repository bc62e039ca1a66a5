import { z } from 'zod';
import { appConfig, branchSettings, store } from '../appconfig';
import { news, page } from '../content';
import { savedOrder } from '../order';

export const loadDocsPayload = z.discriminatedUnion('collectionName', [
  z.object({ collectionName: z.literal('news'), query: z.object({ active: z.literal(true) }).strict() }).strict(),
  z
    .object({
      collectionName: z.literal('orders'),
      // The access token is the capability to read the order (its owner's browser or account needs none).
      query: z.object({ uniqueOrderId: z.string().min(1).max(80), accessToken: z.string().min(1).max(100).optional() }).strict(),
    })
    .strict(),
  /** The signed-in user's own settings (SaveUserSettings); fuid must be the caller's. */
  z.object({ collectionName: z.literal('userSettings'), query: z.object({ fuid: z.string().trim().min(1).max(128) }).strict() }).strict(),
  z
    .object({
      collectionName: z.literal('userPreferences'),
      query: z.union([z.object({ deviceId: z.string().min(1) }).strict(), z.object({ email: z.email() }).strict()]),
    })
    .strict(),
]);
export type LoadDocsPayload = z.infer<typeof loadDocsPayload>;

export const contentActions = {
  GetAppconfig: {
    payload: z.object({}).strict().optional(),
    response: z.object({ appconfig: appConfig, stores: z.array(store), branch: branchSettings }),
  },
  LoadPages: {
    payload: z.object({}).strict().optional(),
    response: z.object({ pages: z.array(page) }),
  },
  LoadDocs: {
    payload: loadDocsPayload,
    response: z.object({ docs: z.array(z.union([news, savedOrder, z.record(z.string(), z.unknown())])) }),
  },
} as const;
