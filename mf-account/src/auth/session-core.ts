import type { User } from 'firebase/auth';
import { onIdTokenChanged, signOut } from 'firebase/auth';
import { BehaviorSubject } from 'rxjs';
import { emit, on } from '@shop/shared/bus';
import { configureActionClient } from '@shop/shared/client';
import { account as texts } from '@shop/shared/i18n/account';
import { authStore, lastOrdersStore, pageSingleton, type AuthUser } from '@shop/shared/stores';
import { getShopAuth } from './firebase';

/** Set while someone is signed in on this device; the shell then restores the session at start. */
export const ACCOUNT_SESSION_KEY = 'account:session';

/** True once Firebase has restored (or not) the signed-in user of this device. */
export const sessionReady$ = pageSingleton('account:session-ready', () => new BehaviorSubject(false));

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    emailVerified: user.emailVerified,
    providerId: user.isAnonymous ? 'anonymous' : (user.providerData[0]?.providerId ?? user.providerId),
    isAnonymous: user.isAnonymous,
  };
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Publishes the user to the shared auth store and the bus, and keeps the session flag in step. */
export function publishUser(user: User | null): void {
  const next = user ? toAuthUser(user) : null;
  const before = authStore.getValue();
  if (next) storage()?.setItem(ACCOUNT_SESSION_KEY, '1');
  else storage()?.removeItem(ACCOUNT_SESSION_KEY);
  authStore.next(next);
  if ((before?.uid ?? null) !== (next?.uid ?? null)) emit('account:auth-changed', { uid: next?.uid ?? null });
}

/**
 * Signs out: Firebase, the session flag, and this account's orders in the device's last orders
 * (a shared device must not show them to the next guest).
 */
export async function endSession(): Promise<void> {
  const auth = await getShopAuth();
  const uid = auth.currentUser?.uid ?? authStore.getValue()?.uid ?? null;
  await signOut(auth);
  if (uid) lastOrdersStore.update((list) => list.filter((o) => o.fuid !== uid));
  publishUser(null);
}

async function startOnce(): Promise<void> {
  const auth = await getShopAuth();
  // Every action carries the signed-in user's ID token (refreshed by the SDK when it expires).
  configureActionClient({
    getIdToken: async () => {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken() : null;
    },
  });
  // Sign-in, sign-out and token refreshes (a verified e-mail, an upgraded guest keep their uid).
  onIdTokenChanged(auth, (user) => publishUser(user));

  // The server could not verify the token: refresh it; when that fails or keeps failing, sign out.
  let refreshing = false;
  let refreshesWithoutChange = 0;
  on('account:auth-changed').subscribe(() => (refreshesWithoutChange = 0));
  on('client:jwt-invalid').subscribe(() => {
    const user = auth.currentUser;
    if (!user || refreshing) return;
    refreshing = true;
    refreshesWithoutChange += 1;
    const giveUp = refreshesWithoutChange > 2;
    (giveUp ? Promise.reject(new Error('token keeps being refused')) : user.getIdToken(true))
      .catch(async (error: unknown) => {
        console.warn('[mf_account] session ended: the ID token is not accepted', error);
        await endSession();
        emit('shell:overlay', { kind: 'toast', text: texts.sessionExpired });
      })
      .finally(() => (refreshing = false));
  });

  await auth.authStateReady();
  publishUser(auth.currentUser);
  sessionReady$.next(true);
}

/** Initialises Firebase, restores the user and registers the token source; safe to call repeatedly. */
export function startSession(): Promise<void> {
  return pageSingleton('account:session-start', () =>
    startOnce().catch((error: unknown) => {
      sessionReady$.next(true);
      throw error;
    }),
  );
}
