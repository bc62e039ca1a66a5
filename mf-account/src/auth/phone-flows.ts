import {
  PhoneAuthProvider,
  RecaptchaVerifier,
  linkWithPhoneNumber,
  signInWithCredential,
  signInWithPhoneNumber,
  type ConfirmationResult,
  type User,
} from 'firebase/auth';
import { signedIn, type SignedIn } from './after-sign-in';
import { currentAnonymous, isUpgradeConflict, signInInsteadOfUpgrade } from './anonymous';
import { getShopAuth } from './firebase';
import { startSession } from './session-core';

/**
 * The reCAPTCHA of the phone sign-in (requirements#shop-validation: 'Klicken Sie das reCAPTCHA-Kästchen an'), a
 * visible checkbox in `container`. With the emulator the SDK's offline stand-in ticks itself.
 */
export async function createRecaptcha(container: HTMLElement, onTicked: (ticked: boolean) => void): Promise<RecaptchaVerifier> {
  await startSession();
  const verifier = new RecaptchaVerifier(await getShopAuth(), container, {
    size: 'normal',
    callback: () => onTicked(true),
    'expired-callback': () => onTicked(false),
  });
  await verifier.render();
  return verifier;
}

export interface CodeSent {
  readonly confirmation: ConfirmationResult;
  /** The anonymous guest being upgraded, if any. */
  readonly anonymous: User | null;
}

/** Sends the SMS code; an anonymous guest links the number (upgrade) instead of signing in. */
export async function sendPhoneCode(e164: string, verifier: RecaptchaVerifier): Promise<CodeSent> {
  const auth = await getShopAuth();
  const anonymous = await currentAnonymous();
  const confirmation = anonymous ? await linkWithPhoneNumber(anonymous, e164, verifier) : await signInWithPhoneNumber(auth, e164, verifier);
  return { confirmation, anonymous };
}

/**
 * Confirms the 6-digit code. When the number already has an account, the anonymous guest signs in
 * there instead (with the credential the refusal carries) and its orders are merged.
 */
export async function confirmPhoneCode(sent: CodeSent, code: string): Promise<SignedIn> {
  try {
    return signedIn(await sent.confirmation.confirm(code.trim()), sent.anonymous ? { upgraded: true } : {});
  } catch (error) {
    const credential = sent.anonymous && isUpgradeConflict(error) ? PhoneAuthProvider.credentialFromError(error as never) : null;
    if (!sent.anonymous || !credential) throw error;
    const auth = await getShopAuth();
    return signInInsteadOfUpgrade(sent.anonymous, () => signInWithCredential(auth, credential));
  }
}
