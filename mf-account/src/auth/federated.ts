import {
  GoogleAuthProvider,
  OAuthProvider,
  browserPopupRedirectResolver,
  fetchSignInMethodsForEmail,
  getRedirectResult,
  linkWithPopup,
  linkWithRedirect,
  signInWithCredential,
  signInWithPopup,
  signInWithRedirect,
  type AuthError,
  type AuthProvider,
  type User,
} from 'firebase/auth';
import type { SignInSettings } from '@shop/shared/contract';
import type { FederatedProviderId } from '@shop/shared/domain/sign-in';
import { pathTo } from '@shop/shared/routes';
import { signedIn, type SignedIn } from './after-sign-in';
import { currentAnonymous, isUpgradeConflict, signInInsteadOfUpgrade } from './anonymous';
import { authErrorCode, isPopupDismissed } from './auth-errors';
import { getShopAuth } from './firebase';
import { startSession } from './session-core';
import { keepPendingCredential, keepPendingRedirect, takePendingRedirect } from './widget-storage';

/** Google or Apple, asking for the e-mail (and a hint when the guest typed one). */
export function providerFor(id: FederatedProviderId, loginHint?: string): AuthProvider {
  if (id === 'google.com') {
    const google = new GoogleAuthProvider();
    google.setCustomParameters({ prompt: 'select_account', ...(loginHint ? { login_hint: loginHint } : {}) });
    return google;
  }
  const apple = new OAuthProvider('apple.com');
  apple.addScope('email');
  apple.addScope('name');
  apple.setCustomParameters({ locale: 'de_DE' });
  return apple;
}

export type FederatedOutcome =
  | { readonly kind: 'signedIn'; readonly done: SignedIn }
  /** Signed in, but with another e-mail than the guest typed (requirements#shop-behaviour: e-mail mismatch page). */
  | { readonly kind: 'mismatch'; readonly done: SignedIn; readonly entered: string }
  /** The page is going to the provider (redirect flow). */
  | { readonly kind: 'redirecting' }
  /** The guest closed or cancelled the popup: nothing to report (requirements#errors). */
  | { readonly kind: 'dismissed' }
  /** The e-mail has an account with another method: sign in with it, the provider is linked after. */
  | { readonly kind: 'linking'; readonly email: string; readonly providerId: FederatedProviderId; readonly methods: string[] };

function outcome(done: SignedIn, entered?: string): FederatedOutcome {
  const actual = done.user.email?.toLowerCase();
  if (entered && actual && actual !== entered.toLowerCase()) return { kind: 'mismatch', done, entered };
  return { kind: 'signedIn', done };
}

/**
 * What a refused provider sign-in means: an anonymous guest whose provider account exists signs in
 * there and is merged; an e-mail with an account of another method keeps the provider's credential
 * (pendingEmailCredential) for the linking pages. Anything else is the caller's to show.
 */
async function afterRefusal(error: unknown, providerId: FederatedProviderId, anonymous: User | null): Promise<FederatedOutcome> {
  const auth = await getShopAuth();
  const credential = OAuthProvider.credentialFromError(error as AuthError);
  if (anonymous && credential && isUpgradeConflict(error)) {
    return { kind: 'signedIn', done: await signInInsteadOfUpgrade(anonymous, () => signInWithCredential(auth, credential)) };
  }
  if (authErrorCode(error) === 'auth/account-exists-with-different-credential' && credential) {
    const email = (error as AuthError).customData.email ?? '';
    if (email) {
      keepPendingCredential({ email, providerId, credential: credential.toJSON() as Record<string, unknown> });
      return { kind: 'linking', email, providerId, methods: await fetchSignInMethodsForEmail(auth, email) };
    }
  }
  throw error;
}

let leaving = false;

/**
 * True while this page is on its way to the provider: the address already reads mode=callback
 * (the SDK sends the guest back to the page it left), but nothing has come back yet.
 */
export function isLeavingForProvider(): boolean {
  return leaving;
}

/**
 * Sign-in (or an anonymous guest's upgrade) with Google or Apple, as the host says: a popup of
 * 500 x 600 (the SDK's size, requirements#constants) or a full-page redirect (the default). A blocked popup
 * falls back to the redirect (requirements#errors).
 */
export async function federatedSignIn(providerId: FederatedProviderId, settings: Pick<SignInSettings, 'flow'>, email?: string): Promise<FederatedOutcome> {
  await startSession();
  const auth = await getShopAuth();
  const anonymous = await currentAnonymous();
  const provider = providerFor(providerId, email);
  if (settings.flow === 'popup') {
    try {
      const result = anonymous
        ? await linkWithPopup(anonymous, provider, browserPopupRedirectResolver)
        : await signInWithPopup(auth, provider, browserPopupRedirectResolver);
      return outcome(signedIn(result, anonymous ? { upgraded: true } : {}), email);
    } catch (error) {
      if (isPopupDismissed(error)) return { kind: 'dismissed' };
      if (authErrorCode(error) !== 'auth/popup-blocked') return afterRefusal(error, providerId, anonymous);
    }
  }
  keepPendingRedirect({ providerId, upgrade: anonymous !== null, ...(email ? { email } : {}) });
  // The provider sends the guest back to the page it left: the widget's callback page.
  leaving = true;
  window.history.replaceState(window.history.state, '', pathTo('Anmelden', {}, { mode: 'callback' }));
  try {
    if (anonymous) await linkWithRedirect(anonymous, provider, browserPopupRedirectResolver);
    else await signInWithRedirect(auth, provider, browserPopupRedirectResolver);
  } catch (error) {
    leaving = false;
    takePendingRedirect();
    window.history.replaceState(window.history.state, '', pathTo('Anmelden'));
    throw error;
  }
  return { kind: 'redirecting' };
}

/**
 * The callback page (mode=callback): the result of the provider's redirect, or null when no
 * redirect was under way in this tab or it brought nothing back (the session-ended page).
 */
export async function federatedRedirectResult(): Promise<FederatedOutcome | null> {
  await startSession();
  const pending = takePendingRedirect();
  if (!pending) return null;
  const auth = await getShopAuth();
  const anonymous = pending.upgrade ? await currentAnonymous() : null;
  try {
    const result = await getRedirectResult(auth, browserPopupRedirectResolver);
    if (!result) return null;
    return outcome(signedIn(result, pending.upgrade ? { upgraded: true } : {}), pending.email);
  } catch (error) {
    if (isPopupDismissed(error)) return { kind: 'dismissed' };
    return afterRefusal(error, pending.providerId as FederatedProviderId, anonymous);
  }
}
