import { sendPasswordResetEmail } from 'firebase/auth';
import { normalizeEmail } from '@shop/shared/domain/person';
import { pathTo } from '@shop/shared/routes';
import { getShopAuth } from './firebase';
import { endSession, startSession } from './session-core';

export async function signOutUser(): Promise<void> {
  await endSession();
}

/** Sends the password reset e-mail; false when it could not be sent (requirements#errors). */
export async function sendPasswordReset(email: string): Promise<boolean> {
  await startSession();
  const auth = await getShopAuth();
  try {
    await sendPasswordResetEmail(auth, normalizeEmail(email), { url: `${window.location.origin}${pathTo('Anmelden')}` });
    return true;
  } catch (error) {
    console.warn('[mf_account] password reset failed', error);
    return false;
  }
}
