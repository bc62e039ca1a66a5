import { account as t } from '@shop/shared/i18n/account';

export type AuthErrorField = 'email' | 'password' | 'name' | 'form';

export interface AuthErrorText {
  /** Where the message is shown (shop-spec §8: wrong and weak passwords at the password field). */
  readonly field: AuthErrorField;
  readonly text: string;
}

/** Firebase Auth error codes and the catalogue texts they show (shop-spec §5, §8). */
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
  'auth/requires-recent-login': { field: 'form', text: t.requiresRecentLogin },
  'auth/user-token-expired': { field: 'form', text: t.requiresRecentLogin },
  'auth/invalid-user-token': { field: 'form', text: t.sessionExpired },
  'auth/user-disabled': { field: 'form', text: t.problem },
  'auth/web-storage-unsupported': { field: 'form', text: t.noWebStorage },
};

/** The Firebase error code of a thrown value ('auth/wrong-password'), if it has one. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** The German text for a failed sign-in, sign-up or reset, and the field it belongs to. */
export function authErrorText(error: unknown): AuthErrorText {
  const code = authErrorCode(error);
  return (code && BY_CODE[code]) || { field: 'form', text: t.problem };
}
