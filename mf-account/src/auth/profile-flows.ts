import {
  EmailAuthProvider,
  browserPopupRedirectResolver,
  deleteUser,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
  type User,
} from 'firebase/auth';
import type { AppUser, UpdateAppUserProfilePayload } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { isFederatedProvider } from '@shop/shared/domain/sign-in';
import { normalizeEmail } from '@shop/shared/domain/person';
import { pathTo } from '@shop/shared/routes';
import { providerFor } from './federated';
import { getShopAuth } from './firebase';
import { endSession, publishUser, startSession } from './session-core';

/**
 * The Account page's profile: name, phone and addresses on the server (the name
 * also as the Firebase display name), e-mail verification and change, password change, and the
 * account's deletion. Changes Firebase wants a recent sign-in for fail with
 * auth/requires-recent-login: the page re-authenticates (`reauthenticate`) and tries again.
 */

async function currentUser(): Promise<User> {
  await startSession();
  const user = (await getShopAuth()).currentUser;
  if (!user) throw Object.assign(new Error('Not signed in'), { code: 'auth/user-token-expired' });
  return user;
}

/** The account record (LoadAppUser); null before the first upsert. */
export async function loadProfile(fuid: string): Promise<AppUser | null> {
  const res = await callAction('LoadAppUser', { fuid });
  if (!res.ok) throw new Error('LoadAppUser failed');
  return res.user;
}

export class ProfileRefused extends Error {
  constructor(readonly userMessage: string | undefined) {
    super(userMessage ?? 'UpdateAppUserProfile refused');
  }
}

/** Saves the profile on the server (the rules hold there too) and the name as the display name. */
export async function saveProfile(payload: Omit<UpdateAppUserProfilePayload, 'fuid'>): Promise<AppUser> {
  const user = await currentUser();
  const res = await callAction('UpdateAppUserProfile', { ...payload, fuid: user.uid });
  if (!res.ok) throw new ProfileRefused(res.error?.userMessage);
  if ((user.displayName ?? '') !== res.user.name) {
    await updateProfile(user, { displayName: res.user.name });
    publishUser(user);
  }
  return res.user;
}

/** The verification e-mail; its link leads to the widget's verifyEmail page, then back to the account. */
export async function sendVerification(): Promise<string> {
  const user = await currentUser();
  await sendEmailVerification(user, { url: `${window.location.origin}${pathTo('Account')}` });
  return user.email ?? '';
}

/** A new e-mail is taken only once its link is opened (verifyBeforeUpdateEmail). */
export async function changeEmail(email: string): Promise<string> {
  const user = await currentUser();
  const address = normalizeEmail(email);
  await verifyBeforeUpdateEmail(user, address, { url: `${window.location.origin}${pathTo('Account')}` });
  return address;
}

export async function changePassword(password: string): Promise<void> {
  await updatePassword(await currentUser(), password);
}

/** How this user can prove a recent sign-in: the password, a provider's popup, or signing in again. */
export function reauthKind(user: { providerData: readonly { providerId: string }[] }): 'password' | 'google.com' | 'apple.com' | 'signInAgain' {
  const ids = user.providerData.map((p) => p.providerId);
  if (ids.includes('password')) return 'password';
  const federated = ids.find((id) => isFederatedProvider(id));
  if (federated === 'google.com' || federated === 'apple.com') return federated;
  return 'signInAgain';
}

export async function reauthenticate(password?: string): Promise<void> {
  const user = await currentUser();
  const kind = reauthKind(user);
  if (kind === 'password') {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password ?? ''));
  } else if (kind !== 'signInAgain') {
    await reauthenticateWithPopup(user, providerFor(kind, user.email ?? undefined), browserPopupRedirectResolver);
  } else {
    throw Object.assign(new Error('Sign in again'), { code: 'auth/requires-recent-login' });
  }
}

/** The Firebase user is already gone: the server deleted it with the admin API (DeleteAppUser). */
const ALREADY_GONE = new Set(['auth/user-not-found', 'auth/user-token-expired', 'auth/user-disabled']);

/**
 * Deletes the account (GDPR): first what the server keeps (the record, cards, stamps; the orders
 * are kept anonymised; where it has Firebase admin credentials it deletes the Firebase user too),
 * then the Firebase user. A missing recent sign-in fails the second step only; the page
 * re-authenticates and calls this again (the server step does nothing twice).
 */
export async function deleteAccount(): Promise<void> {
  const user = await currentUser();
  const res = await callAction('DeleteAppUser', { fuid: user.uid });
  if (!res.ok) throw new Error('DeleteAppUser refused');
  try {
    await deleteUser(user);
  } catch (error) {
    if (!ALREADY_GONE.has((error as { code?: string }).code ?? '')) throw error;
  }
  await endSession();
}
