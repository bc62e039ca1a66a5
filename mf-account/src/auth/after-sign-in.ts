import { OAuthProvider, getAdditionalUserInfo, linkWithCredential, type AuthCredential, type User, type UserCredential } from 'firebase/auth';
import { emit, inform } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import { fill } from '@shop/shared/i18n/fill';
import { signedInText } from './signed-in-text';
import { signin as w } from '@shop/shared/i18n/signin';
import { navigateTo } from '@shop/shared/routes';
import { lastOrdersStore } from '@shop/shared/stores';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { navigateToUrl } from 'single-spa';
import { syncAccount } from './account-sync';
import { publishUser } from './session-core';
import { clearPendingCredential, peekPendingCredential, takeRedirectUrl, type PendingCredential } from './widget-storage';

/**
 * After sign-in the guest goes to the cart when this flag is set (requirements#order-entities local key
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

export interface SignedIn {
  readonly user: User;
  /** A new account (registration, first provider sign-in): upserted on the server. */
  readonly created: boolean;
  /** An anonymous guest became this account (same uid: orders, stamps, favourites stay). */
  readonly upgraded?: boolean;
  /** An anonymous guest signed in to an existing account; its orders were moved (MergeAnonymousUser). */
  readonly merged?: boolean;
}

export function signedIn(result: UserCredential, flags: { upgraded?: boolean } = {}): SignedIn {
  const created = getAdditionalUserInfo(result)?.isNewUser === true || flags.upgraded === true;
  return { user: result.user, created, ...(flags.upgraded ? { upgraded: true } : {}) };
}

/** A kept provider credential, rebuilt (only OAuth credentials of Google or Apple are ever kept). */
export function credentialFromJson(json: Record<string, unknown>): AuthCredential | null {
  try {
    return OAuthProvider.credentialFromJSON(json);
  } catch {
    return null;
  }
}

/** Links a provider credential that waited for this account's own sign-in (account exists with another method). */
async function linkPending(user: User, pending: PendingCredential | null): Promise<string | null> {
  if (!pending || !user.email || pending.email.toLowerCase() !== user.email.toLowerCase()) return null;
  clearPendingCredential();
  const credential = credentialFromJson(pending.credential);
  if (!credential) return null;
  try {
    await linkWithCredential(user, credential);
    return fill(w.linked, { provider: w.providerNames[pending.providerId] ?? pending.providerId });
  } catch (error) {
    console.warn('[mf_account] the pending credential could not be linked', error);
    return null;
  }
}

/**
 * Everything after a successful sign-in (requirements#sign-in): the user is published, a pending
 * credential linked, the account record upserted or pulled, 'Angemeldet als …' (or the upgrade and
 * merge notices) shown, then the guest goes on: to the kept redirect URL, to the cart when the
 * checkout sent them, else to the start page.
 */
export async function completeSignIn(done: SignedIn, options: { navigate?: boolean } = {}): Promise<void> {
  const { user } = done;
  publishUser(user);
  const linked = await linkPending(user, peekPendingCredential());
  if (done.upgraded) {
    // The token must name the new provider before the server is asked (it reads the account from it).
    await user.getIdToken(true);
  }
  await syncAccount(user, { created: done.created });
  publishUser(user);
  await claimDeviceOrders(user);
  if (done.merged) {
    await inform(w.mergedTitle, w.merged);
  } else if (done.upgraded) {
    emit('shell:overlay', { kind: 'toast', text: w.upgraded });
  } else if (!user.isAnonymous) {
    emit('shell:overlay', { kind: 'toast', text: linked ?? signedInText(user) });
  }
  if (options.navigate === false) return;
  const target = takeRedirectUrl();
  if (target) navigateToUrl(target);
  else if (takeFromCheckoutFlag()) navigateTo('Korb');
  else navigateTo('Home');
}

/**
 * Orders this device placed as a guest become the account's, with their stamps, and show on every
 * device (docs/requirements.md#stamp-card). A failure is not the guest's problem: the next sign-in
 * tries again.
 */
async function claimDeviceOrders(user: User): Promise<void> {
  if (user.isAnonymous) return;
  const orders = lastOrdersStore
    .get()
    .filter((o) => !o.fuid && typeof o.accessToken === 'string' && o.accessToken.length > 0)
    .map((o) => ({ uniqueOrderId: o.uniqueOrderId, accessToken: o.accessToken! }))
    .slice(0, SHOP_CONSTANTS.lastOrdersMax);
  if (orders.length === 0) return;
  try {
    const res = await callAction('ClaimDeviceOrders', { orders });
    if (res.ok && res.claimedOrders > 0) for (const { uniqueOrderId } of orders) emit('orders:order-updated', { uniqueOrderId });
  } catch (error) {
    console.warn('[mf_account] the device orders could not be attached', error);
  }
}

/** The server's half of a merge: the guest's orders and favourites move to the signed-in account. */
export async function mergeAnonymous(anonymousIdToken: string): Promise<void> {
  const res = await callAction('MergeAnonymousUser', { anonymousIdToken });
  if (!res.ok) throw new Error('MergeAnonymousUser refused');
}
