/**
 * The push messages of the shop for other server modules (docs/adr/0024-push-messages.md).
 *
 * `sendTopicMessage(ctx, topic, message)` (ctx: anything holding the instance's push service) sends a news, coupons or loyalty message to every device
 * that wants the topic (Einstellungen; all on by default), through FCM or the offline default:
 *
 *   await sendTopicMessage(ctx, 'news', { kind: 'news', title: 'Neu: Tacos al Pastor', body: '…',
 *     image: '/media/news-tacos.svg', link: '/Nachricht/news-1' });
 *
 * The message is validated (contract `pushMessage`: title 1–120, body ≤ 500 characters, link a
 * path of this shop, image a path of this shop such as '/media/…'); unregistered tokens are
 * forgotten on the way.
 */
import type { PushMessageInput, PushTopic } from '@shop/shared/contract';
import type { DeliveryReport, PushService } from './service';

export type { DeliveryReport, PushService } from './service';

export function sendTopicMessage(ctx: { readonly push: PushService }, topic: PushTopic, message: PushMessageInput): Promise<DeliveryReport> {
  return ctx.push.sendTopicMessage(topic, message);
}
