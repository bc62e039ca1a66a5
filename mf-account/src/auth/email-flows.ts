import {
  EmailAuthProvider,
  createUserWithEmailAndPassword,
  fetchSignInMethodsForEmail,
  linkWithCredential,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  updateProfile,
} from 'firebase/auth';
import { emailLinkContinueUrl, newSessionId, readLinkParams } from '@shop/shared/domain/email-link';
import { normalizeEmail } from '@shop/shared/domain/person';
import { pathTo } from '@shop/shared/routes';
import { signedIn, type SignedIn } from './after-sign-in';
import { currentAnonymous, isUpgradeConflict, signInInsteadOfUpgrade } from './anonymous';
import { getShopAuth } from './firebase';
import { startSession } from './session-core';
import {
  clearLinkSession,
  keepEncryptedCredential,
  keepLinkSession,
  keepPendingCredential,
  readEncryptedCredential,
  type PendingCredential,
} from './widget-storage';

async function auth() {
  await startSession();
  return getShopAuth();
}

/** The sign-in methods of an e-mail (requirements#shop-behaviour: the widget's first step). */
export async function lookupEmail(email: string): Promise<string[]> {
  return fetchSignInMethodsForEmail(await auth(), normalizeEmail(email));
}

/** Password sign-in; an anonymous guest signs in to the account instead of upgrading (merge). */
export async function passwordSignIn(email: string, password: string): Promise<SignedIn> {
  const a = await auth();
  const anonymous = await currentAnonymous();
  const run = () => signInWithEmailAndPassword(a, normalizeEmail(email), password);
  if (anonymous) return signInInsteadOfUpgrade(anonymous, run);
  return signedIn(await run());
}

/**
 * Account creation with an optional full name. An anonymous guest is upgraded: the password
 * credential is linked to the guest's user, so its uid (orders, stamps, favourites) stays.
 */
export async function createAccount(email: string, password: string, name: string): Promise<SignedIn> {
  const a = await auth();
  const anonymous = await currentAnonymous();
  const address = normalizeEmail(email);
  const done = anonymous
    ? signedIn(await linkWithCredential(anonymous, EmailAuthProvider.credential(address, password)), { upgraded: true })
    : signedIn(await createUserWithEmailAndPassword(a, address, password));
  const displayName = name.trim();
  if (displayName) {
    await updateProfile(done.user, { displayName });
    await done.user.getIdToken(true);
  }
  return { ...done, created: true };
}

/**
 * Sends a sign-in link (sendSignInLinkToEmail with handleCodeInApp). The device keeps the e-mail
 * with a fresh 32-character session key for 3600 s; the link carries the key, the anonymous guest
 * it upgrades, and the provider whose pending credential is kept encrypted with the key.
 */
export async function sendSignInLink(email: string, pending?: PendingCredential): Promise<void> {
  const a = await auth();
  const anonymous = await currentAnonymous();
  const link = {
    sessionId: newSessionId(crypto.getRandomValues(new Uint8Array(96))),
    email: normalizeEmail(email),
    ...(anonymous ? { anonymousUid: anonymous.uid } : {}),
    ...(pending ? { pendingProvider: pending.providerId } : {}),
  };
  const url = emailLinkContinueUrl(`${window.location.origin}${pathTo('Anmelden')}`, link);
  await sendSignInLinkToEmail(a, link.email, { url, handleCodeInApp: true });
  keepLinkSession(link);
  if (pending) await keepEncryptedCredential(link.sessionId, pending);
}

/**
 * Completes an opened sign-in link with the e-mail it was sent to. The anonymous guest it was sent
 * for is upgraded (or, when the e-mail already has an account, signed in there with a merge: the
 * link's code is checked first, as a failed link would use it up); a pending provider credential
 * kept with the link is linked after the sign-in.
 */
export async function completeLinkSignIn(email: string, href: string): Promise<SignedIn> {
  const a = await auth();
  const address = normalizeEmail(email);
  const params = readLinkParams(href);
  if (params.pendingProvider && params.sessionId) {
    const pending = await readEncryptedCredential(params.sessionId);
    if (pending) keepPendingCredential(pending);
  }
  const anonymous = await currentAnonymous();
  const signIn = () => signInWithEmailLink(a, address, href);
  let done: SignedIn;
  if (anonymous && params.anonymousUid === anonymous.uid) {
    const exists = (await fetchSignInMethodsForEmail(a, address)).length > 0;
    if (exists) {
      done = await signInInsteadOfUpgrade(anonymous, signIn);
    } else {
      try {
        done = signedIn(await linkWithCredential(anonymous, EmailAuthProvider.credentialWithLink(address, href)), { upgraded: true });
      } catch (error) {
        if (!isUpgradeConflict(error)) throw error;
        done = await signInInsteadOfUpgrade(anonymous, signIn);
      }
    }
  } else {
    done = signedIn(await signIn());
  }
  clearLinkSession();
  return done;
}
