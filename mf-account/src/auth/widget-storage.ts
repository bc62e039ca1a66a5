import {
  EMAIL_FOR_SIGN_IN_KEY,
  PENDING_ENCRYPTED_CREDENTIAL_KEY,
  linkSessionCookie,
  parseLinkSession,
  readCookie,
  serializeLinkSession,
  type EmailLinkSession,
} from '@shop/shared/domain/email-link';
import { safeContinuePath } from '@shop/shared/domain/auth-action';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';

/**
 * What the sign-in widget keeps between pages (requirements#entities "Stored keys"): in this tab's session
 * storage `pendingRedirect` (a provider redirect is under way), `redirectUrl` (where to go after the
 * sign-in) and `pendingEmailCredential` (a provider credential to link once the e-mail's own method
 * signed in); in cookies for 3600 s the e-mail link's `emailForSignIn` and
 * `pendingEncryptedCredential` (encrypted with the link's session key, which only the e-mail has).
 */
export const WIDGET_KEYS = { pendingRedirect: 'pendingRedirect', redirectUrl: 'redirectUrl', pendingEmailCredential: 'pendingEmailCredential' } as const;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readJson(key: string): unknown {
  try {
    const raw = session()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Where the guest continues after signing in (a path of this shop only). */
export function keepRedirectUrl(path: string): void {
  const safe = safeContinuePath(path, window.location.origin);
  if (safe) session()?.setItem(WIDGET_KEYS.redirectUrl, safe);
}

export function takeRedirectUrl(): string | null {
  const value = session()?.getItem(WIDGET_KEYS.redirectUrl) ?? null;
  session()?.removeItem(WIDGET_KEYS.redirectUrl);
  return safeContinuePath(value, window.location.origin);
}

export interface PendingRedirect {
  readonly providerId: string;
  /** An anonymous guest is upgraded (linkWithRedirect), not signed in. */
  readonly upgrade: boolean;
  /** The e-mail the guest typed before the provider was chosen (e-mail mismatch check). */
  readonly email?: string;
}

export function keepPendingRedirect(pending: PendingRedirect): void {
  session()?.setItem(WIDGET_KEYS.pendingRedirect, JSON.stringify(pending));
}

export function takePendingRedirect(): PendingRedirect | null {
  const value = readJson(WIDGET_KEYS.pendingRedirect) as PendingRedirect | null;
  session()?.removeItem(WIDGET_KEYS.pendingRedirect);
  return value;
}

/** A provider credential waiting to be linked to the account of `email` (account exists with another method). */
export interface PendingCredential {
  readonly email: string;
  readonly providerId: string;
  /** credential.toJSON() */
  readonly credential: Record<string, unknown>;
}

export function keepPendingCredential(pending: PendingCredential): void {
  session()?.setItem(WIDGET_KEYS.pendingEmailCredential, JSON.stringify(pending));
}

export function peekPendingCredential(): PendingCredential | null {
  return readJson(WIDGET_KEYS.pendingEmailCredential) as PendingCredential | null;
}

export function clearPendingCredential(): void {
  session()?.removeItem(WIDGET_KEYS.pendingEmailCredential);
}

// --- e-mail link (cookies: the link may be opened in another tab of this browser) ---

const secure = () => window.location.protocol === 'https:';

function clearCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure() ? '; Secure' : ''}`;
}

export function keepLinkSession(link: EmailLinkSession): void {
  document.cookie = linkSessionCookie(serializeLinkSession(link), secure());
}

export function readLinkSession(): EmailLinkSession | null {
  return parseLinkSession(readCookie(document.cookie, EMAIL_FOR_SIGN_IN_KEY));
}

export function clearLinkSession(): void {
  clearCookie(EMAIL_FOR_SIGN_IN_KEY);
  clearCookie(PENDING_ENCRYPTED_CREDENTIAL_KEY);
}

async function keyOf(sessionId: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sessionId));
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const toBase64 = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const fromBase64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Keeps a pending provider credential for the e-mail link, encrypted with the link's session key. */
export async function keepEncryptedCredential(sessionId: string, pending: PendingCredential): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new TextEncoder().encode(JSON.stringify(pending));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyOf(sessionId), data));
  const value = `${toBase64(iv)}.${toBase64(sealed)}`;
  document.cookie = `${PENDING_ENCRYPTED_CREDENTIAL_KEY}=${value}; Max-Age=${SHOP_CONSTANTS.emailLinkCookieS}; Path=/; SameSite=Lax${secure() ? '; Secure' : ''}`;
}

/** The pending credential of an e-mail link, or null (none, another session, tampered). */
export async function readEncryptedCredential(sessionId: string): Promise<PendingCredential | null> {
  const value = readCookie(document.cookie, PENDING_ENCRYPTED_CREDENTIAL_KEY);
  if (!value) return null;
  try {
    const [iv, sealed] = value.split('.');
    if (!iv || !sealed) return null;
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64(iv) }, await keyOf(sessionId), fromBase64(sealed));
    return JSON.parse(new TextDecoder().decode(plain)) as PendingCredential;
  } catch {
    return null;
  }
}
