import { createUserWithEmailAndPassword, sendPasswordResetEmail, signInWithEmailAndPassword, updateProfile, type User } from 'firebase/auth';
import { emit } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import { normalizeEmail } from '@shop/shared/domain/person';
import { account as texts } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { navigateTo } from '@shop/shared/routes';
import { getShopAuth } from './firebase';
import { endSession, publishUser, startSession } from './session-core';

/**
 * After sign-in the guest goes to the cart when this flag is set (checkout-spec §3 local key
 * 'fromCheckout', set by the checkout before it sends a guest to sign in), else to the start page.
 */
export const FROM_CHECKOUT_KEY = 'fromCheckout';

function takeFromCheckoutFlag(): boolean {
  try {
    const value = window.localStorage.getItem(FROM_CHECKOUT_KEY);
    window.localStorage.removeItem(FROM_CHECKOUT_KEY);
    return value !== null && value !== 'false' && value !== '0';
  } catch {
    return false;
  }
}

/** 'Angemeldet als …', then to the cart or the start page (shop-spec §4 Login). */
function afterSignIn(user: User): void {
  emit('shell:overlay', { kind: 'toast', text: fill(texts.signedInAs, { name: user.displayName || user.email || '' }) });
  if (takeFromCheckoutFlag()) navigateTo('Korb');
  else navigateTo('Home');
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  await startSession();
  const auth = await getShopAuth();
  const { user } = await signInWithEmailAndPassword(auth, normalizeEmail(email), password);
  publishUser(user);
  afterSignIn(user);
}

/**
 * Registration: create the Firebase user (optional full name as display name), then upsert the
 * account on the server with the fresh ID token (shop-spec §4: during registration the account is
 * upserted).
 */
export async function registerWithPassword(email: string, password: string, name: string): Promise<void> {
  await startSession();
  const auth = await getShopAuth();
  const { user } = await createUserWithEmailAndPassword(auth, normalizeEmail(email), password);
  const displayName = name.trim();
  if (displayName) {
    await updateProfile(user, { displayName });
    await user.getIdToken(true);
  }
  publishUser(user);
  try {
    await callAction('UpsertAppUser', {
      fuid: user.uid,
      name: displayName,
      email: user.email ?? '',
      phone: user.phoneNumber ?? '',
      providerId: 'password',
      emailVerified: user.emailVerified,
    });
  } catch (error) {
    // The Firebase account exists; the server record is written again on the next upsert.
    console.warn('[mf_account] UpsertAppUser failed after registration', error);
  }
  afterSignIn(user);
}

export async function signOutUser(): Promise<void> {
  await endSession();
}

/** Sends the password reset e-mail; false when it could not be sent (shop-spec §8). */
export async function sendPasswordReset(email: string): Promise<boolean> {
  await startSession();
  const auth = await getShopAuth();
  try {
    await sendPasswordResetEmail(auth, normalizeEmail(email));
    return true;
  } catch (error) {
    console.warn('[mf_account] password reset failed', error);
    return false;
  }
}
