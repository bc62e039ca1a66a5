import type { ActionName, ActionPayload, ActionResult } from '../contract/actions';
import type { ActionError, ResponseFlags } from '../contract/envelope';
import { emit } from '@shop/shared/bus';
import { SHOP_CONSTANTS } from '../domain/shop-constants';
import { waitForBrowserId } from './browser-id';

export type ActionSuccess<A extends ActionName> = { ok: true } & ActionResult<A> & ResponseFlags;
/** A swallowed failure (HTTP 401, 402 or 404): the caller gets `ok: false` and no error is raised. */
export type ActionSwallowed = { ok: false; status: 401 | 402 | 404; error?: ActionError } & ResponseFlags;
export type ActionOutcome<A extends ActionName> = ActionSuccess<A> | ActionSwallowed;

/** The server answered with an error that is not swallowed (400, 409, 5xx...). */
export class ActionCallError extends Error {
  constructor(
    readonly action: string,
    readonly status: number,
    readonly error: ActionError | undefined,
    readonly flags: ResponseFlags,
  ) {
    super(`${action} failed with HTTP ${status}: ${error?.message ?? 'no message'}`);
    this.name = 'ActionCallError';
  }
  /** German text for the guest, when the server gave one. */
  get userMessage(): string | undefined {
    return this.error?.userMessage;
  }
}

/** No answer: network down or timeout. Callers decide whether to retry (requirements#checkout-calls). */
export class TransportError extends Error {
  constructor(
    readonly action: string,
    readonly timedOut: boolean,
    cause?: unknown,
  ) {
    super(`${action}: ${timedOut ? 'timed out' : 'network error'}`, { cause });
    this.name = 'TransportError';
  }
}

export interface CallOptions {
  /** Milliseconds; default 10 s (card calls 6.1 s). */
  timeout?: number;
}

/** Options of the transport: the contract version travels with every call (ADR 0020). */
export interface SendOptions extends CallOptions {
  /** The contract version the calling app was built with (`CONTRACT_VERSION` of its bundled contract). */
  contractVersion: number;
}

export interface ActionClientConfig {
  endpoint: string;
  fetch: typeof fetch;
  /** Firebase ID token of the signed-in user, if any; sent as Authorization bearer. */
  getIdToken: () => Promise<string | null>;
  waitForBrowserId: () => Promise<string>;
}

const SWALLOWED = new Set([401, 402, 404]);

const config: ActionClientConfig = {
  endpoint: '/api/action',
  fetch: (...args) => globalThis.fetch(...args),
  getIdToken: async () => null,
  waitForBrowserId: () => waitForBrowserId(),
};

/** The account remote registers the token source; tests swap fetch and storage. */
export function configureActionClient(overrides: Partial<ActionClientConfig>): void {
  Object.assign(config, overrides);
}

/** The signed-in user's ID token from the registered source (null for guests). */
export function currentIdToken(): Promise<string | null> {
  return config.getIdToken().catch(() => null);
}

function raiseFlags(action: string, flags: ResponseFlags): void {
  // captchaError and secTokenError both reload silently (requirements#checkout-errors).
  if (flags.secTokenError || flags.captchaError) emit('client:sec-token-error', { action });
  if (flags.jwtInvalid) emit('client:jwt-invalid', { action });
  if (flags.forceReload) emit('client:force-reload', { action });
}

/**
 * Sends one action (requirements#calls): POST { action, payload, channel: 'on-the-go', browserId, secToken, timeout,
 * contractVersion }. Apps call `callAction` from '@shop/shared/client', which adds the contract version
 * the app was built with; this transport is the page-wide part (token source, browser id, flags).
 */
export async function sendAction<A extends ActionName>(action: A, payload: ActionPayload<A>, options: SendOptions): Promise<ActionOutcome<A>> {
  const browserId = await config.waitForBrowserId();
  const timeout = options.timeout ?? SHOP_CONSTANTS.defaultActionTimeoutMs;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = await config.getIdToken().catch(() => null);
  if (token) headers.authorization = `Bearer ${token}`;
  const body = JSON.stringify({ action, payload, channel: 'on-the-go', browserId, secToken: '', timeout, contractVersion: options.contractVersion });

  let response: Response;
  try {
    response = await config.fetch(config.endpoint, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeout),
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    throw new TransportError(action, timedOut, cause);
  }

  type Body = { ok?: boolean; error?: ActionError } & ResponseFlags & Record<string, unknown>;
  const data: Body | null = await response.json().then(
    (json: unknown) => (typeof json === 'object' && json !== null ? (json as Body) : null),
    () => null,
  );
  const flags: ResponseFlags = data ?? {};
  raiseFlags(action, flags);

  if (response.ok && data?.ok === true) return data as unknown as ActionSuccess<A>;
  if (SWALLOWED.has(response.status)) {
    return { ...flags, ok: false, status: response.status as 401 | 402 | 404, ...(data?.error ? { error: data.error } : {}) };
  }
  throw new ActionCallError(action, response.status, data?.error, flags);
}
