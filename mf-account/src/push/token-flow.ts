import type { PushEnableOutcome } from '@shop/shared/bus';
import { isExpectedOAuthError, isNotGrantedError, type NotificationSupport } from '@shop/shared/domain/push';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';

/**
 * The push token flow (requirements#push, requirements#errors; docs/adr/0024-push-messages.md), with everything it touches injected
 * so that it is tested with a mocked messaging SDK (token-flow.test.ts):
 * - the token is saved locally when received and on refresh, removed on failure or when
 *   permission is not granted;
 * - a token error mentioning an expected OAuth token is retried after about 2.2 s;
 * - "not granted" is retried after about 1.1 s, then the token is removed and permission asked;
 * - refused permission shows the info box of §8;
 * - storing the token on the server is retried up to 10 times, 4 s apart.
 */

/** Where tokens come from: Firebase Messaging (getToken with the VAPID key) or the offline default. */
export interface TokenSource {
  readonly kind: 'fcm' | 'local';
  getToken(): Promise<string>;
  /** Unsubscribes the device (FCM deleteToken); nothing for the offline default. */
  deleteToken(): Promise<void>;
}

export interface TokenFlowDeps {
  readonly permission: {
    current(): NotificationSupport;
    request(): Promise<NotificationPermission>;
  };
  /** The host's source (loaded lazily: the Firebase SDK only where FCM is configured). */
  source(): Promise<TokenSource>;
  /** The local copy (requirements#order-entities local key pushToken). */
  readonly local: { get(): string | null; set(token: string): void; remove(): void };
  /** One attempt to store the token for this device (DocUpserter pushTokens); throws when it failed. */
  saveOnServer(token: string): Promise<void>;
  /** One attempt to tell the server this device has no token any more (SaveAppSettings pushToken null). */
  removeOnServer(): Promise<void>;
  /** Whether a failed server call is worth retrying (not a refusal like 400/403). */
  retryable(error: unknown): boolean;
  sleep(ms: number): Promise<void>;
  /** requirements#errors: the guest recently blocked notifications (browser settings, or again in an hour). */
  informBlocked(): Promise<void>;
  log?(message: string, error?: unknown): void;
}

export interface EnableResult {
  readonly outcome: PushEnableOutcome;
  /** Storing the token on the server (with its retries); resolves true when stored. */
  readonly stored: Promise<boolean>;
}

const DONE = Promise.resolve(false);

/** A server call of the push settings: the first attempt and up to 10 retries, 4 s apart (requirements#shop-behaviour, requirements#constants). */
export async function withServerRetries(
  deps: Pick<TokenFlowDeps, 'retryable' | 'sleep' | 'log'>,
  call: () => Promise<unknown>,
  what: string,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      await call();
      return true;
    } catch (error) {
      if (attempt >= SHOP_CONSTANTS.pushTokenRetries || !deps.retryable(error)) {
        deps.log?.(`${what} failed`, error);
        return false;
      }
      await deps.sleep(SHOP_CONSTANTS.pushTokenRetryMs);
    }
  }
}

/** Stores the token on the server, retried up to 10 times every 4 s (requirements#push). */
export function storeOnServer(deps: TokenFlowDeps, token: string): Promise<boolean> {
  return withServerRetries(deps, () => deps.saveOnServer(token), 'storing the push token on the server');
}

/** Removes the token locally and on the server (best effort, the local copy at once). */
async function removeToken(deps: TokenFlowDeps, source: TokenSource | null): Promise<void> {
  const had = deps.local.get() !== null;
  deps.local.remove();
  if (source) await source.deleteToken().catch((error: unknown) => deps.log?.('deleting the push token failed', error));
  if (had) await deps.removeOnServer().catch((error: unknown) => deps.log?.('removing the push token on the server failed', error));
}

/** Saves a received token locally and on the server (also an unchanged one: the server may have lost it). */
function receive(deps: TokenFlowDeps, token: string): Promise<boolean> {
  deps.local.set(token);
  return storeOnServer(deps, token);
}

interface ObtainOptions {
  /** A guest's tap: permission may be asked and a refusal is explained; false on a silent refresh. */
  readonly interactive: boolean;
}

async function obtain(deps: TokenFlowDeps, options: ObtainOptions): Promise<EnableResult> {
  let oauthRetries = 0;
  let notGrantedRetried = false;
  let askedAgain = false;
  let source: TokenSource | null = null;
  for (;;) {
    try {
      source ??= await deps.source();
      const token = await source.getToken();
      return { outcome: 'enabled', stored: receive(deps, token) };
    } catch (error) {
      if (isExpectedOAuthError(error) && oauthRetries < SHOP_CONSTANTS.pushTokenOAuthRetries) {
        oauthRetries += 1;
        await deps.sleep(SHOP_CONSTANTS.pushTokenOAuthRetryMs);
        continue;
      }
      if (isNotGrantedError(error) || deps.permission.current() !== 'granted') {
        if (!notGrantedRetried) {
          notGrantedRetried = true;
          await deps.sleep(SHOP_CONSTANTS.pushNotGrantedRetryMs);
          continue;
        }
        // Still not granted: the token is removed and permission asked (on a guest's tap only).
        await removeToken(deps, null);
        if (!options.interactive || askedAgain) return { outcome: 'dismissed', stored: DONE };
        askedAgain = true;
        const answer = await deps.permission.request();
        if (answer === 'granted') continue;
        if (answer === 'denied') {
          await deps.informBlocked();
          return { outcome: 'blocked', stored: DONE };
        }
        return { outcome: 'dismissed', stored: DONE };
      }
      deps.log?.('no push token', error);
      await removeToken(deps, null);
      return { outcome: 'failed', stored: DONE };
    }
  }
}

/**
 * The guest said yes ('Ja erlauben', or switched notifications on in Einstellungen): ask for
 * permission where the browser has not decided, then get and store the token.
 */
export async function enablePush(deps: TokenFlowDeps): Promise<EnableResult> {
  const permission = deps.permission.current();
  if (permission === 'unsupported') return { outcome: 'unsupported', stored: DONE };
  if (permission === 'denied') {
    await removeToken(deps, null);
    await deps.informBlocked();
    return { outcome: 'blocked', stored: DONE };
  }
  if (permission === 'default') {
    const answer = await deps.permission.request();
    if (answer === 'denied') {
      await removeToken(deps, null);
      await deps.informBlocked();
      return { outcome: 'blocked', stored: DONE };
    }
    if (answer !== 'granted') return { outcome: 'dismissed', stored: DONE };
  }
  return obtain(deps, { interactive: true });
}

/**
 * At start, where this device has a token: fetch it again (FCM renews tokens) and save it locally
 * and on the server; without permission (withdrawn in the browser) the token is removed. Never asks.
 */
export async function refreshPush(deps: TokenFlowDeps): Promise<EnableResult> {
  if (deps.local.get() === null) return { outcome: 'dismissed', stored: DONE };
  const permission = deps.permission.current();
  if (permission !== 'granted') {
    await removeToken(deps, null);
    return { outcome: permission === 'denied' ? 'blocked' : permission === 'unsupported' ? 'unsupported' : 'dismissed', stored: DONE };
  }
  return obtain(deps, { interactive: false });
}

/** The guest switched notifications off: the device unsubscribes and the server forgets the token. */
export async function disablePush(deps: TokenFlowDeps): Promise<void> {
  const source = deps.local.get() !== null ? await deps.source().catch(() => null) : null;
  await removeToken(deps, source);
}
