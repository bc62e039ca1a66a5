import { describe, expect, it } from 'vitest';
import {
  emailLinkCase,
  emailLinkContinueUrl,
  linkSessionCookie,
  newSessionId,
  parseLinkSession,
  readCookie,
  readLinkParams,
  serializeLinkSession,
} from './email-link';

const SID = 'abcdefghijABCDEFGHIJ0123456789xy';

describe('session key (requirements#constants: random, 32 characters)', () => {
  it('draws 32 letters and digits from random bytes, skipping biased bytes', () => {
    const bytes = new Uint8Array(64).map((_, i) => i);
    expect(newSessionId(bytes)).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef');
    const withHigh = new Uint8Array([250, 251, 255, ...new Uint8Array(40).fill(61)]);
    expect(newSessionId(withHigh)).toBe('9'.repeat(32));
  });

  it('throws when the bytes run out', () => {
    expect(() => newSessionId(new Uint8Array(31))).toThrow(/not enough/);
  });
});

describe('continue URL and the opened link', () => {
  it('carries the session key and the anonymous uid, nothing of the page it was sent from', () => {
    const url = emailLinkContinueUrl('http://localhost:3000/Anmelden?mode=select#x', { sessionId: SID, email: 'a@b.de', anonymousUid: 'anon1' });
    expect(url).toBe(`http://localhost:3000/Anmelden?ui_sid=${SID}&ui_auid=anon1`);
  });

  it('reads the parameters directly or from a nested continueUrl / link', () => {
    expect(readLinkParams(`https://shop.de/Anmelden?ui_sid=${SID}&mode=signIn&oobCode=x`)).toEqual({
      sessionId: SID,
      anonymousUid: null,
      pendingProvider: null,
    });
    const nested = `https://x.firebaseapp.com/__/auth/action?mode=signIn&continueUrl=${encodeURIComponent(`https://shop.de/Anmelden?ui_sid=${SID}&ui_pid=google.com`)}`;
    expect(readLinkParams(nested)).toEqual({ sessionId: SID, anonymousUid: null, pendingProvider: 'google.com' });
  });
});

describe('what opening a link means (requirements#shop-behaviour, requirements#errors)', () => {
  const stored = { sessionId: SID, email: 'erika@example.org' };
  const params = { sessionId: SID, anonymousUid: null, pendingProvider: null };

  it('signs in at once on the device that sent it', () => {
    expect(emailLinkCase(stored, params, null)).toEqual({ kind: 'sameDevice', email: 'erika@example.org' });
  });

  it('asks for the e-mail on another device or after the cookie expired', () => {
    expect(emailLinkCase(null, params, null)).toEqual({ kind: 'confirmEmail' });
    expect(emailLinkCase({ ...stored, sessionId: 'x'.repeat(32) }, params, null)).toEqual({ kind: 'confirmEmail' });
  });

  it('sends the guest back to the first device when a pending credential lives there', () => {
    expect(emailLinkCase(null, { ...params, pendingProvider: 'google.com' }, null)).toEqual({ kind: 'differentDevice' });
  });

  it('refuses to upgrade another anonymous guest than the one signed in', () => {
    const link = { ...params, anonymousUid: 'anon1' };
    expect(emailLinkCase(stored, link, { uid: 'anon1', isAnonymous: true })).toEqual({ kind: 'sameDevice', email: 'erika@example.org' });
    expect(emailLinkCase(stored, link, { uid: 'anon2', isAnonymous: true })).toEqual({ kind: 'anonymousMismatch' });
    expect(emailLinkCase(stored, link, null)).toEqual({ kind: 'anonymousMismatch' });
    expect(emailLinkCase(stored, link, { uid: 'anon1', isAnonymous: false })).toEqual({ kind: 'anonymousMismatch' });
  });
});

describe('the kept session (cookie emailForSignIn, 3600 s)', () => {
  it('round-trips and rejects what the shop did not write', () => {
    const session = { sessionId: SID, email: 'Erika@Example.org', anonymousUid: 'anon1' };
    expect(parseLinkSession(serializeLinkSession(session))).toEqual({ sessionId: SID, email: 'erika@example.org', anonymousUid: 'anon1' });
    expect(parseLinkSession(null)).toBeNull();
    expect(parseLinkSession('%7B')).toBeNull();
    expect(parseLinkSession(serializeLinkSession({ sessionId: 'short', email: 'a@b.de' }))).toBeNull();
    expect(parseLinkSession(serializeLinkSession({ sessionId: SID, email: 'kein-mail' }))).toBeNull();
  });

  it('is a cookie of this site for 3600 s, secure on https', () => {
    expect(linkSessionCookie('v', false)).toBe('emailForSignIn=v; Max-Age=3600; Path=/; SameSite=Lax');
    expect(linkSessionCookie('v', true)).toBe('emailForSignIn=v; Max-Age=3600; Path=/; SameSite=Lax; Secure');
    expect(readCookie('a=1; emailForSignIn=x%3Dy; b=2', 'emailForSignIn')).toBe('x%3Dy');
    expect(readCookie('a=1', 'emailForSignIn')).toBeNull();
  });
});
