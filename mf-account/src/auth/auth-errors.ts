import { account as t } from '@shop/shared/i18n/account';
import { signin as w } from '@shop/shared/i18n/signin';

export type AuthErrorField = 'email' | 'password' | 'name' | 'phone' | 'code' | 'form';

export interface AuthErrorText {
  /** Where the message is shown (requirements#errors: wrong and weak passwords at the password field). */
  readonly field: AuthErrorField;
  readonly text: string;
}

/** Firebase Auth error codes and the catalogue texts they show (requirements#shop-validation, requirements#errors). */
const BY_CODE: Readonly<Record<string, AuthErrorText>> = {
  'auth/missing-email': { field: 'email', text: t.emailEmpty },
  'auth/invalid-email': { field: 'email', text: t.emailInvalid },
  'auth/user-not-found': { field: 'email', text: t.userNotFound },
  'auth/email-already-in-use': { field: 'email', text: t.emailInUse },
  'auth/email-exists': { field: 'email', text: t.emailInUse },
  'auth/missing-password': { field: 'password', text: t.passwordEmpty },
  'auth/wrong-password': { field: 'password', text: t.wrongPassword },
  'auth/invalid-credential': { field: 'password', text: t.wrongPassword },
  'auth/invalid-login-credentials': { field: 'password', text: t.wrongPassword },
  'auth/weak-password': { field: 'password', text: t.weakPassword },
  'auth/too-many-requests': { field: 'form', text: t.tooManyRequests },
  'auth/network-request-failed': { field: 'form', text: t.networkError },
  'auth/operation-not-allowed': { field: 'form', text: t.operationNotAllowed },
  'auth/admin-restricted-operation': { field: 'form', text: t.operationNotAllowed },
  'auth/requires-recent-login': { field: 'form', text: t.requiresRecentLogin },
  'auth/user-token-expired': { field: 'form', text: t.requiresRecentLogin },
  'auth/invalid-user-token': { field: 'form', text: t.sessionExpired },
  'auth/user-disabled': { field: 'form', text: t.problem },
  'auth/web-storage-unsupported': { field: 'form', text: t.noWebStorage },
  'auth/credential-already-in-use': { field: 'form', text: w.credentialInUse },
  'auth/account-exists-with-different-credential': { field: 'form', text: w.accountExistsOtherMethod },
  'auth/user-cancelled': { field: 'form', text: w.userCancelled },
  'auth/popup-blocked': { field: 'form', text: w.popupFailed },
  'auth/expired-action-code': { field: 'form', text: w.actionCodeExpired },
  'auth/invalid-action-code': { field: 'form', text: w.actionCodeInvalid },
  'auth/invalid-phone-number': { field: 'phone', text: w.phoneInvalid },
  'auth/missing-phone-number': { field: 'phone', text: w.phoneInvalid },
  'auth/invalid-verification-code': { field: 'code', text: w.codeInvalid },
  'auth/missing-verification-code': { field: 'code', text: w.codeFormat },
  'auth/code-expired': { field: 'code', text: w.codeExpired },
  'auth/invalid-verification-id': { field: 'code', text: w.codeExpired },
  'auth/missing-verification-id': { field: 'code', text: w.codeExpired },
  'auth/captcha-check-failed': { field: 'phone', text: w.recaptchaMissing },
};

/** Where an error happens: the same Firebase code reads differently there (requirements#errors). */
export type AuthErrorContext = 'general' | 'password' | 'phone' | 'emailLink';

/** The Firebase error code of a thrown value ('auth/wrong-password'), if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The German text for a failed sign-in step, and the field it belongs to. */
export function authErrorText(error: unknown, context: AuthErrorContext = 'general'): AuthErrorText {
  const code = authErrorCode(error);
  if (code === 'auth/too-many-requests') {
    // The widget: wrong password too often; a phone number used too often; elsewhere the IP text.
    if (context === 'password') return { field: 'password', text: w.tooManyWrongPasswords };
    if (context === 'phone') return { field: 'phone', text: w.phoneTooManyRequests };
  }
  if (code === 'auth/invalid-email' && context === 'emailLink') return { field: 'email', text: w.emailMismatch };
  return (code && BY_CODE[code]) || { field: 'form', text: t.problem };
}

/** Errors that end a popup quietly: the guest closed or cancelled it (requirements#errors). */
export function isPopupDismissed(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request' || code === 'auth/user-cancelled';
}
