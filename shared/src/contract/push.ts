import { z } from 'zod';
import { FCM_PUSH_TOKEN, FCM_PUSH_TOKEN_MAX, LOCAL_PUSH_TOKEN } from '../domain/push-token';

/**
 * Push messages (requirements#product, requirements#entities App settings and Push token record, requirements#push, requirements#calls "Store push
 * token"; docs/adr/0024-push-messages.md).
 */

/** The topics a device can switch (requirements#constants "Push topics news, coupons, loyalty"). */
export const pushTopic = z.enum(['news', 'coupons', 'loyalty']);
export type PushTopic = z.infer<typeof pushTopic>;

/** A device's topic choice; all on by default (requirements#entities App settings). */
export const pushTopics = z.object({ news: z.boolean(), coupons: z.boolean(), loyalty: z.boolean() }).strict();
export type PushTopics = z.infer<typeof pushTopics>;

export { LOCAL_PUSH_TOKEN } from '../domain/push-token';

/** A push token of either kind, bounded (a device's own token, never a list). */
export const pushToken = z
  .string()
  .max(FCM_PUSH_TOKEN_MAX)
  .refine((t) => LOCAL_PUSH_TOKEN.test(t) || FCM_PUSH_TOKEN.test(t), 'expected an FCM registration token or a local push token');

export const pushMessageKind = z.enum(['orderReady', 'news', 'coupons', 'loyalty']);

/** A path inside the shop ('/Bestellung/…'), never another site. */
const shopPath = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'expected a path of this shop');

/**
 * One message as the device shows it: the in-app info box (title, text, image) while the shop is
 * open, a system notification from the service worker otherwise (requirements#push).
 */
export const pushMessage = z
  .object({
    kind: pushMessageKind,
    title: z.string().trim().min(1).max(120),
    body: z.string().trim().max(500).default(''),
    /** A picture of this shop ('/media/…'; the page's content policy allows no other images). */
    image: shopPath.optional(),
    /** Where a tap leads (a path of this shop). */
    link: shopPath.optional(),
    /** Messages with the same tag replace each other on the device. */
    tag: z.string().max(120).optional(),
  })
  .strict();
export type PushMessage = z.infer<typeof pushMessage>;
export type PushMessageInput = z.input<typeof pushMessage>;
