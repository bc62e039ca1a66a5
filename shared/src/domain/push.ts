import type { News } from '../contract/content';
import type { SavedOrder } from '../contract/order';
import type { PushMessage, PushTopic, PushTopics } from '../contract/push';
import { orders as orderTexts } from '../i18n/de/orders';
import { fill } from '../i18n/fill';
import { formatEuro } from './money';
import { orderSituation, isCancelledOrFinished, isOrderReady, readyTitle, readyTransitions } from './orders';
import { SHOP_CONSTANTS } from './shop-constants';

export { localPushToken, pushTokenKind } from './push-token';

/**
 * Rules of push messages (requirements#entities, requirements#push, requirements#errors; requirements#checkout-screens, requirements#checkout-behaviour; docs/adr/0024-push-messages.md):
 * pure functions shared by the API, the shell, the account and the order remotes.
 */

export const PUSH_TOPICS: readonly PushTopic[] = SHOP_CONSTANTS.pushTopics;

/** Topics news, coupons and loyalty, all on by default (requirements#entities App settings). */
export function defaultPushTopics(): PushTopics {
  return { news: true, coupons: true, loyalty: true };
}

function errorText(error: unknown): { code: string; message: string } {
  if (typeof error !== 'object' || error === null) return { code: '', message: typeof error === 'string' ? error : '' };
  const e = error as { code?: unknown; message?: unknown };
  return { code: typeof e.code === 'string' ? e.code : '', message: typeof e.message === 'string' ? e.message : '' };
}

/**
 * A token error "mentioning expected OAuth" (requirements#shop-behaviour), retried after about 2.2 s: FCM's
 * registration answers 'Request is missing required authentication credential. Expected OAuth 2
 * access token …' while the installation's auth token is not ready yet.
 */
export function isExpectedOAuthError(error: unknown): boolean {
  return /expected oauth/i.test(errorText(error).message);
}

/** The SDK refused because notifications are not granted (blocked or dismissed). */
export function isNotGrantedError(error: unknown): boolean {
  const { code, message } = errorText(error);
  return code === 'messaging/permission-blocked' || code === 'messaging/permission-default' || /permission was not granted/i.test(message);
}

export type NotificationSupport = NotificationPermission | 'unsupported';

/**
 * The pickup question after ordering (requirements#checkout-behaviour: 'Ja erlauben' / 'Nein danke'): only where
 * the browser supports notifications and has not decided yet ('default'), for orders collected at
 * the counter (takeaway, self-service) that are not ready or over yet, once per order, and not when
 * the device already receives messages.
 */
export function offersPickupQuestion(input: {
  readonly order: SavedOrder;
  readonly permission: NotificationSupport;
  readonly askedBefore: boolean;
  readonly hasToken: boolean;
}): boolean {
  const { order } = input;
  if (input.permission !== 'default' || input.askedBefore || input.hasToken) return false;
  const situation = orderSituation(order);
  if (situation !== 'takeaway' && situation !== 'selfservice') return false;
  return !isCancelledOrFinished(order) && !isOrderReady(order);
}

/** Remembers that the question was answered for an order (newest first, bounded). */
export function rememberAsked(list: readonly string[], uniqueOrderId: string, max: number = SHOP_CONSTANTS.pushAskedOrdersMax): string[] {
  return [uniqueOrderId, ...list.filter((id) => id !== uniqueOrderId)].slice(0, max);
}

/** The order page of an order (the link of its ready message). */
export function orderLink(uniqueOrderId: string): string {
  return `/Bestellung/${encodeURIComponent(uniqueOrderId)}`;
}

/** The page of a news item (the link of its push message). */
export function newsLink(newsId: string): string {
  return `/Nachricht/${encodeURIComponent(newsId)}`;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * The topic message of a news item that went online (topic 'news', requirements#push): its title,
 * teaser (or the start of its text) and picture when it is one of the shop's own, linking to the item.
 */
export function newsMessage(item: Pick<News, 'id' | 'title' | 'teaser' | 'body' | 'image'>): PushMessage {
  const text = (item.teaser || item.body).trim();
  return {
    kind: 'news',
    title: clip(item.title.trim(), 120),
    body: clip(text, 500),
    ...(item.image && /^\/(?!\/)[^\s\\]*$/.test(item.image) ? { image: item.image } : {}),
    link: newsLink(item.id),
    tag: `news:${item.id}`.slice(0, 120),
  };
}

/**
 * The ready messages (requirements#checkout-behaviour: 'Deine Bestellung ist abholbereit!' or 'Deine Getränke
 * sind abholbereit!', at a table that it comes to the table, with the sum and the order number) for what became ready between two states
 * of an order. Food and drinks ready at once is one message about the order.
 */
export function orderReadyMessages(
  before: Pick<SavedOrder, 'abholbereit' | 'getraenkeAbholbereit'> | undefined,
  after: Pick<SavedOrder, 'uniqueOrderId' | 'orderNumber' | 'total' | 'abholbereit' | 'getraenkeAbholbereit'> &
    Partial<Pick<SavedOrder, 'usecase' | 'selfServiceEnabled'>>,
): PushMessage[] {
  const changes = readyTransitions(before, after);
  const body = fill(orderTexts.readyDialogText, { sum: formatEuro(after.total), number: after.orderNumber });
  const link = orderLink(after.uniqueOrderId);
  const message = (part: 'food' | 'drinks'): PushMessage => ({
    kind: 'orderReady',
    // At a table it is served, not picked up (docs/requirements.md#honest-words).
    title: readyTitle(
      { usecase: after.usecase ?? 'takeaway', ...(after.selfServiceEnabled !== undefined ? { selfServiceEnabled: after.selfServiceEnabled } : {}) },
      part,
    ),
    body,
    link,
    tag: `${after.uniqueOrderId}-${part}`,
  });
  if (changes.food) return [message('food')];
  if (changes.drinks) return [message('drinks')];
  return [];
}

/** When and where the share prompt was last shown, and whether the guest closed or used it. */
export interface SharePromptState {
  readonly uniqueOrderId: string;
  readonly at: number;
  readonly closed: boolean;
}

/**
 * Whether the share-app prompt shows on an order page (requirements#checkout-screens: not for in-house). It is
 * not shown on every visit: once shown for an order it stays on that order's page until closed or
 * used, and appears again (for another order) only after sharePromptSnoozeMs.
 */
export function showsSharePrompt(order: SavedOrder, state: SharePromptState | null, now: number): boolean {
  const situation = orderSituation(order);
  if (situation !== 'takeaway' && situation !== 'delivery') return false;
  if (state === null) return true;
  const rested = now - state.at >= SHOP_CONSTANTS.sharePromptSnoozeMs;
  if (state.closed) return rested;
  return state.uniqueOrderId === order.uniqueOrderId || rested;
}
