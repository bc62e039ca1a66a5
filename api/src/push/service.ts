import { pushMessage as pushMessageSchema, type PushMessage, type PushMessageInput, type PushTopic, type SavedOrder } from '@shop/shared/contract';
import { orderReadyMessages, pushTokenKind } from '@shop/shared/domain/push';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import type { Db } from '../db/client';
import type { PushProvider, PushSendResult } from './provider';
import { forgetToken, tokensOfOwner, tokensOfTopic } from './token-store';

/** What one send did: delivered, failed, and how many tokens were found gone (and forgotten). */
export interface DeliveryReport {
  readonly sent: number;
  readonly failed: number;
  readonly removed: number;
}

export interface PushService {
  /** How this API reaches devices: 'fcm' when FCM is configured, else the offline default. */
  readonly mode: 'fcm' | 'local';
  /** Sends a message to tokens (each by its kind's provider); gone tokens are forgotten. */
  sendToTokens(tokens: readonly string[], message: PushMessageInput, ttlSeconds: number): Promise<DeliveryReport>;
  /** A topic message (news, coupons, loyalty) to every device that wants the topic. */
  sendTopicMessage(topic: PushTopic, message: PushMessageInput): Promise<DeliveryReport>;
  /**
   * After an order changed: the ready message(s) to the device that placed it and the account's
   * devices (requirements#checkout-behaviour). Runs in the background (the kitchen's click never waits for FCM);
   * `idle()` waits for it.
   */
  orderChanged(before: SavedOrder, after: SavedOrder, owner: { deviceId: string; fuid: string | null }): void;
  /** Resolves when every background send has ended (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface PushServiceDeps {
  readonly db: Db;
  readonly local: PushProvider;
  readonly fcm?: PushProvider | undefined;
  readonly now: () => number;
  readonly log?: (message: string) => void;
}

/** Sends at most this many messages at once (FCM answers each send on its own). */
const CONCURRENCY = 8;

export function createPushService(deps: PushServiceDeps): PushService {
  const log = deps.log ?? ((m: string) => console.warn(`[push] ${m}`));
  const pending = new Set<Promise<unknown>>();
  let warnedNoFcm = false;

  const providerFor = (token: string): PushProvider | null => {
    const kind = pushTokenKind(token);
    if (kind === 'local') return deps.local;
    if (kind === 'fcm') return deps.fcm ?? null;
    return null;
  };

  async function sendOne(token: string, message: PushMessage, ttlSeconds: number): Promise<PushSendResult> {
    const provider = providerFor(token);
    if (!provider) {
      if (pushTokenKind(token) === 'fcm' && !warnedNoFcm) {
        warnedNoFcm = true;
        log('an FCM token is stored but FCM_CREDENTIALS is not set: FCM messages are not sent');
      }
      return { ok: false, gone: pushTokenKind(token) === null, code: 'unsupported', message: 'No provider for this token' };
    }
    return provider.send(token, message, { ttlSeconds });
  }

  const sendToTokens: PushService['sendToTokens'] = async (tokens, input, ttlSeconds) => {
    const message = pushMessageSchema.parse(input);
    const queue = [...new Set(tokens)];
    let sent = 0;
    let failed = 0;
    let removed = 0;
    const worker = async () => {
      for (let token = queue.shift(); token !== undefined; token = queue.shift()) {
        const result = await sendOne(token, message, ttlSeconds);
        if (result.ok) {
          sent += 1;
          continue;
        }
        failed += 1;
        if (result.gone) {
          await forgetToken(deps.db, token, deps.now());
          removed += 1;
        } else log(`sending to a ${pushTokenKind(token) ?? 'malformed'} token failed: ${result.code} ${result.message}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
    return { sent, failed, removed };
  };

  const track = (work: Promise<unknown>) => {
    const guarded = work.catch((error: unknown) => log(`background send failed: ${String(error)}`));
    pending.add(guarded);
    void guarded.finally(() => pending.delete(guarded));
  };

  return {
    mode: deps.fcm ? 'fcm' : 'local',
    sendToTokens,
    async sendTopicMessage(topic, input) {
      const message = pushMessageSchema.parse(input);
      const total = { sent: 0, failed: 0, removed: 0 };
      for await (const tokens of tokensOfTopic(deps.db, topic)) {
        const report = await sendToTokens(tokens, message, SHOP_CONSTANTS.pushTopicTtlS);
        total.sent += report.sent;
        total.failed += report.failed;
        total.removed += report.removed;
      }
      return total;
    },
    orderChanged(before, after, owner) {
      const messages = orderReadyMessages(before, after);
      if (messages.length === 0) return;
      track(
        (async () => {
          const tokens = await tokensOfOwner(deps.db, owner);
          for (const message of messages) await sendToTokens(tokens, message, SHOP_CONSTANTS.pushOrderReadyTtlS);
        })(),
      );
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      await Promise.all([deps.local.close(), deps.fcm?.close()]);
    },
  };
}
