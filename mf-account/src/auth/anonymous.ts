import { signInAnonymously, type User, type UserCredential } from 'firebase/auth';
import { getShopAuth } from './firebase';
import { mergeAnonymous, type SignedIn } from './after-sign-in';
import { authErrorCode } from './auth-errors';
import { startSession } from './session-core';

/** An anonymous guest session (requirements#roles-and-flags "Anonymous guest"): the guest orders, and may upgrade later. */
export async function startGuestSession(): Promise<SignedIn> {
  await startSession();
  const result = await signInAnonymously(await getShopAuth());
  return { user: result.user, created: false };
}

/** The anonymous guest signed in on this device, if any (the widget then upgrades instead of signing in). */
export async function currentAnonymous(): Promise<User | null> {
  await startSession();
  const user = (await getShopAuth()).currentUser;
  return user?.isAnonymous ? user : null;
}

/** Linking failed because the credential or e-mail already belongs to an account (an upgrade conflict). */
export function isUpgradeConflict(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/credential-already-in-use' || code === 'auth/email-already-in-use' || code === 'auth/email-exists';
}

/**
 * The upgrade conflict (requirements#shop-behaviour: "anonymous upgrade conflicts are reported"): the guest signs
 * in to the existing account instead, the server moves the guest's orders and this device's
 * favourites there (proved by the guest's own ID token, taken before the switch), and the widget
 * reports the merge.
 */
export async function signInInsteadOfUpgrade(anonymous: User, signIn: () => Promise<UserCredential>): Promise<SignedIn> {
  const anonymousIdToken = await anonymous.getIdToken();
  const result = await signIn();
  await mergeAnonymous(anonymousIdToken);
  return { user: result.user, created: false, merged: true };
}
