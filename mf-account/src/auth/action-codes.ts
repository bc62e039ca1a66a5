import { applyActionCode, checkActionCode, confirmPasswordReset, sendPasswordResetEmail, verifyPasswordResetCode } from 'firebase/auth';
import { syncAccount } from './account-sync';
import { getShopAuth } from './firebase';
import { publishUser, startSession } from './session-core';

/**
 * The e-mail action pages of the widget (requirements#sign-in, requirements#calls "verify and apply action codes"):
 * Firebase's custom action handler URL is the Anmelden route, which calls these by mode.
 */

async function auth() {
  await startSession();
  return getShopAuth();
}

/** A signed-in user sees the change at once: fresh user, fresh token, account record updated. */
async function refreshSignedInUser(): Promise<void> {
  const user = (await auth()).currentUser;
  if (!user) return;
  try {
    await user.reload();
    await user.getIdToken(true);
    publishUser(user);
    await syncAccount(user, { created: true });
  } catch (error) {
    console.warn('[mf_account] the signed-in user could not be refreshed', error);
  }
}

/** verifyEmail and verifyAndChangeEmail: applies the code; the e-mail it confirmed. */
export async function verifyEmailCode(code: string): Promise<{ email: string | null; changed: boolean }> {
  const a = await auth();
  const info = await checkActionCode(a, code);
  await applyActionCode(a, code);
  await refreshSignedInUser();
  const changed = info.operation === 'VERIFY_AND_CHANGE_EMAIL';
  // For a changed e-mail, data.email is the new address; otherwise the confirmed one.
  return { email: info.data.email ?? null, changed };
}

/** resetPassword, first step: the account's e-mail of a valid code (verifyPasswordResetCode). */
export async function passwordResetEmail(code: string): Promise<string> {
  return verifyPasswordResetCode(await auth(), code);
}

/** resetPassword, second step: the new password. */
export async function resetPassword(code: string, password: string): Promise<void> {
  await confirmPasswordReset(await auth(), code, password);
}

/** recoverEmail: takes back an e-mail change (checkActionCode for the old e-mail, then applyActionCode). */
export async function recoverEmail(code: string): Promise<string> {
  const a = await auth();
  const info = await checkActionCode(a, code);
  await applyActionCode(a, code);
  await refreshSignedInUser();
  return info.data.email ?? '';
}

/** After a recovered e-mail: the password reset the page offers. */
export async function sendResetTo(email: string): Promise<boolean> {
  try {
    await sendPasswordResetEmail(await auth(), email);
    return true;
  } catch {
    return false;
  }
}
