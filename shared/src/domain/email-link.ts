import { isValidEmail, normalizeEmail } from './person';
import { SHOP_CONSTANTS } from './shop-constants';

/**
 * E-mail link sign-in (requirements#entities stored keys, requirements#sign-in, requirements#constants): the device keeps the pending
 * e-mail for 3600 s under `emailForSignIn`, bound to a random 32-character session key that also
 * travels in the link. Opening the link where the key matches signs in at once; anywhere else the
 * guest confirms the e-mail (or, when the link carries something only the first device has, is
 * told to open it there).
 */

export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';
export const PENDING_ENCRYPTED_CREDENTIAL_KEY = 'pendingEncryptedCredential';

/** Parameters the shop adds to the link's continue URL. */
export const LINK_PARAMS = {
  /** The session key. */
  sessionId: 'ui_sid',
  /** The anonymous guest the link upgrades. */
  anonymousUid: 'ui_auid',
  /** The provider whose credential is linked after the sign-in (kept encrypted on the first device). */
  pendingProvider: 'ui_pid',
} as const;

export interface EmailLinkSession {
  readonly sessionId: string;
  readonly email: string;
  readonly anonymousUid?: string;
  readonly pendingProvider?: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random session key of 32 letters and digits from random bytes (crypto.getRandomValues):
 * rejection sampling keeps every character equally likely. Throws when the bytes run out.
 */
export function newSessionId(randomBytes: Uint8Array): string {
  const limit = 256 - (256 % ALPHABET.length);
  let id = '';
  for (const byte of randomBytes) {
    if (byte >= limit) continue;
    id += ALPHABET.charAt(byte % ALPHABET.length);
    if (id.length === SHOP_CONSTANTS.emailLinkSessionKeyLength) return id;
  }
  throw new Error('newSessionId: not enough random bytes');
}

const SESSION_ID = new RegExp(`^[A-Za-z0-9]{${SHOP_CONSTANTS.emailLinkSessionKeyLength}}$`);

/** The continue URL of a sign-in link: the widget's page with the session key (and anonymous uid). */
export function emailLinkContinueUrl(pageUrl: string, session: EmailLinkSession): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  url.searchParams.set(LINK_PARAMS.sessionId, session.sessionId);
  if (session.anonymousUid) url.searchParams.set(LINK_PARAMS.anonymousUid, session.anonymousUid);
  if (session.pendingProvider) url.searchParams.set(LINK_PARAMS.pendingProvider, session.pendingProvider);
  return url.toString();
}

export interface LinkParams {
  readonly sessionId: string | null;
  readonly anonymousUid: string | null;
  readonly pendingProvider: string | null;
}

/**
 * The shop's parameters of an opened link. Firebase may pass the continue URL on inside a
 * `continueUrl` or `link` parameter; the shop's own parameters are looked up there too.
 */
export function readLinkParams(href: string): LinkParams {
  const urls = [new URL(href)];
  for (const name of ['continueUrl', 'link']) {
    const nested = urls[0]!.searchParams.get(name);
    if (nested) {
      try {
        urls.push(new URL(nested));
      } catch {
        // not a URL: ignored
      }
    }
  }
  const get = (param: string) => urls.map((u) => u.searchParams.get(param)).find((v) => v !== null && v !== '') ?? null;
  return { sessionId: get(LINK_PARAMS.sessionId), anonymousUid: get(LINK_PARAMS.anonymousUid), pendingProvider: get(LINK_PARAMS.pendingProvider) };
}

export type EmailLinkCase =
  /** This device sent the link: sign in with the kept e-mail. */
  | { readonly kind: 'sameDevice'; readonly email: string }
  /** Another device or browser: the guest confirms the e-mail the link was sent to. */
  | { readonly kind: 'confirmEmail' }
  /** The link links a credential only the first device holds: open it there. */
  | { readonly kind: 'differentDevice' }
  /** The link upgrades an anonymous guest who is not the one signed in here. */
  | { readonly kind: 'anonymousMismatch' };

/** What opening a sign-in link means on this device (requirements#shop-behaviour, requirements#errors internal errors). */
export function emailLinkCase(stored: EmailLinkSession | null, link: LinkParams, current: { uid: string; isAnonymous: boolean } | null): EmailLinkCase {
  if (link.anonymousUid && !(current?.isAnonymous && current.uid === link.anonymousUid)) return { kind: 'anonymousMismatch' };
  const same = stored !== null && link.sessionId !== null && stored.sessionId === link.sessionId;
  if (same) return { kind: 'sameDevice', email: stored.email };
  if (link.pendingProvider) return { kind: 'differentDevice' };
  return { kind: 'confirmEmail' };
}

/** The cookie value of a pending link session. */
export function serializeLinkSession(session: EmailLinkSession): string {
  return encodeURIComponent(JSON.stringify(session));
}

/** A kept link session, or null when the value is missing or not one the shop wrote. */
export function parseLinkSession(value: string | null | undefined): EmailLinkSession | null {
  if (!value) return null;
  try {
    const raw = JSON.parse(decodeURIComponent(value)) as Partial<Record<keyof EmailLinkSession, unknown>>;
    if (typeof raw.sessionId !== 'string' || !SESSION_ID.test(raw.sessionId)) return null;
    if (typeof raw.email !== 'string' || !isValidEmail(raw.email)) return null;
    return {
      sessionId: raw.sessionId,
      email: normalizeEmail(raw.email),
      ...(typeof raw.anonymousUid === 'string' && raw.anonymousUid ? { anonymousUid: raw.anonymousUid } : {}),
      ...(typeof raw.pendingProvider === 'string' && raw.pendingProvider ? { pendingProvider: raw.pendingProvider } : {}),
    };
  } catch {
    return null;
  }
}

/** The cookie that keeps the session (3600 s, this site only, HTTPS only when served so). */
export function linkSessionCookie(value: string, secure: boolean): string {
  return `${EMAIL_FOR_SIGN_IN_KEY}=${value}; Max-Age=${SHOP_CONSTANTS.emailLinkCookieS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Reads one cookie from `document.cookie`. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}
