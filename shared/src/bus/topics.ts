/**
 * Typed bus topics, prefixed by the owning team (Tractor Store convention).
 * Payloads are plain data; nothing here imports React or a remote.
 */
import type { OverlayRequest, OverlayAnswer } from './overlays';
import type { PushMessage } from '../contract/push';
import type { PushEnableOutcome } from './push';

export interface BusTopics {
  /** The action client saw `secTokenError` (silent reload). */
  'client:sec-token-error': { action: string };
  /** The action client saw `jwtInvalid` (the account remote refreshes or clears the session). */
  'client:jwt-invalid': { action: string };
  /** The server asked for a reload (`forceReload`): the shell shows the notice and reloads. */
  'client:force-reload': { action: string };
  /** A line was added to the cart (or merged into an existing one). */
  'cart:item-added': { cartItemId: string; id: string; count: number };
  /** The cart changed; `count` excludes special and stamp lines. */
  'cart:changed': { count: number };
  /** Menus or app config were (re)loaded from the server. */
  'menu:updated': { kind: 'food' | 'drink' | 'appconfig' };
  /** An order changed (SSE or polling). */
  'orders:order-updated': { uniqueOrderId: string };
  /** A new order was saved by the checkout. */
  'orders:order-saved': { uniqueOrderId: string };
  /** Sign-in state changed. */
  'account:auth-changed': { uid: string | null };
  /** Request an overlay from the shell. */
  'shell:overlay': OverlayRequest;
  /** Answer of an overlay (question dialog etc.), keyed by request id. */
  'shell:overlay-answer': OverlayAnswer;
  /** A dialog drawn inside a remote opened or closed: it counts for the navigation guard. */
  'shell:layer': { id: string; open: boolean };
  /** The navigation guard closed every layer: remotes close their open dialogs. */
  'shell:close-layers': Record<string, never>;
  /** Open the full-screen table-number dialog (with the QR scanner where the device has one). */
  'shell:table-dialog': Record<string, never>;
  /** Open the share dialog (QR code of the shop's address, requirements#product, requirements#screens Overlays). */
  'shell:share-dialog': Record<string, never>;
  /** Open the privacy consent (DSGVO) dialog to change the choice (footer, Cookies page). */
  'shell:consent-dialog': Record<string, never>;
  /** Open the referral overlay with the shop's referral programs. */
  'shell:referral': Record<string, never>;
  /** Arriving at Home from elsewhere (requirements#navigation). */
  'shell:back-home': Record<string, never>;
  /** A server-sent event, already parsed and checked for origin. */
  'shell:server-event': { channel: string; type: string; data: unknown };
  /**
   * Switch push messages on for this device (the pickup question 'Ja erlauben', Einstellungen): the
   * shell loads mf-account's push module, which asks for permission and gets and stores the token.
   */
  'account:push-enable': { id: string; reason: 'order' | 'settings' };
  /** The outcome of an 'account:push-enable' request, keyed by its id. */
  'account:push-result': { id: string; outcome: PushEnableOutcome };
  /** A push message arrived while the shop is open (events stream or service worker): the shell's in-app box. */
  'shell:push-message': { message: PushMessage };
}

export type BusTopic = keyof BusTopics;
