/**
 * The one push provider interface of the server (docs/adr/0024-push-messages.md), like the payment
 * providers: Firebase Cloud Messaging (firebase-admin) for FCM registration tokens, and the offline
 * default, which delivers to a device's channel on the events stream.
 */
import type { PushMessage } from '@shop/shared/contract';

export type PushSendResult =
  | { readonly ok: true; readonly id: string }
  | {
      readonly ok: false;
      /** The token will never work again (unregistered, invalid, another project's): delete it. */
      readonly gone: boolean;
      /** The provider's error code ('messaging/registration-token-not-registered', 'unsupported', …). */
      readonly code: string;
      readonly message: string;
    };

/** How long a message may wait for an offline device (seconds). */
export interface SendOptions {
  readonly ttlSeconds: number;
}

export interface PushProvider {
  readonly id: 'fcm' | 'local';
  /** Sends one message to one token; never throws for a refused token (the result says why). */
  send(token: string, message: PushMessage, options: SendOptions): Promise<PushSendResult>;
  close(): Promise<void>;
}
