import { unavailable } from '../http/service-unavailable';

export interface VerifiedUser {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly providerId: string;
  /** Custom claim `staff: true`: may use the staff order board (see docs/adr/0010-staff-board.md). */
  readonly staff?: boolean;
  /** An anonymous guest session (signInAnonymously): not an account holder (requirements#checkout-roles). */
  readonly isAnonymous?: boolean;
  /** When the token was issued (seconds since the epoch): a token older than the account's erasure is refused. */
  readonly issuedAt?: number;
}

export interface TokenVerifier {
  /** The user of a Firebase ID token, or null when the token is invalid or expired; throws a 503 ApiError when it cannot be checked. */
  verify(idToken: string): Promise<VerifiedUser | null>;
  /**
   * Deletes a Firebase user with the admin API (the anonymous guest merged into an account; an
   * erased account), which ends its sessions and refresh tokens. False when it could not be
   * deleted (no credentials for the admin API): the caller goes on.
   */
  deleteUser?(uid: string): Promise<boolean>;
}

/** What the verifier reads of a user's record at Firebase (firebase-admin UserRecord). */
export interface AccountRecord {
  readonly email?: string | undefined;
  readonly emailVerified: boolean;
  readonly displayName?: string | undefined;
  readonly phoneNumber?: string | undefined;
  readonly disabled: boolean;
  readonly customClaims?: { [key: string]: unknown } | undefined;
  readonly providerData: readonly { readonly providerId: string }[];
}

/**
 * The user of a token whose signature nobody checked (the Auth emulator signs nothing: `alg: none`):
 * only the uid is taken from the token; staff, e-mail, its verification and anonymity come from the
 * account record the emulator keeps, which only its administration (never reachable through the
 * shop) can change. So a token re-encoded with `staff: true`, or a custom token carrying claims,
 * gives no staff (docs/adr/0028-no-emulator-in-production.md).
 */
export function userFromRecord(uid: string, record: AccountRecord, token: { signInProvider?: string | undefined; issuedAt?: number }): VerifiedUser | null {
  if (record.disabled) return null;
  const providers = record.providerData.map((p) => p.providerId);
  const isAnonymous = providers.length === 0 && !record.email && !record.phoneNumber;
  const providerId = isAnonymous
    ? 'anonymous'
    : token.signInProvider && providers.includes(token.signInProvider)
      ? token.signInProvider
      : (providers[0] ?? 'password');
  return {
    uid,
    email: record.email ?? null,
    emailVerified: record.emailVerified,
    name: record.displayName ?? null,
    providerId,
    staff: record.customClaims?.staff === true,
    isAnonymous,
    ...(token.issuedAt !== undefined ? { issuedAt: token.issuedAt } : {}),
  };
}

/**
 * Whether a failed verification refused the token itself (expired, revoked, forged, malformed, its user
 * gone: firebase-admin's `auth/*` codes) rather than failing to check it (Google's keys or the emulator
 * unreachable: `app/network-error`, `auth/internal-error`). Only a refusal is a 401 that makes the
 * client refresh its token; a failed check must not sign anyone out.
 */
export function isTokenRefusal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

/**
 * The user `check` verifies, null when it refuses the token; when the token cannot be checked, a 503 with
 * retry-after and the shop's German text (the client retries instead of refreshing or signing out).
 */
export async function checkToken(check: () => Promise<VerifiedUser | null>): Promise<VerifiedUser | null> {
  try {
    return await check();
  } catch (error) {
    if (isTokenRefusal(error)) return null;
    console.warn(`[auth] ID token could not be checked: ${String(error)}`);
    throw unavailable('The sign-in cannot be checked right now');
  }
}

/**
 * Verifies Firebase ID tokens with firebase-admin. In production it checks the signature with
 * Google's keys (an unsigned or re-signed token is refused) and takes the claims from the token.
 * With FIREBASE_AUTH_EMULATOR_HOST (development and tests; refused with NODE_ENV=production)
 * firebase-admin checks no signature at all, only that the uid exists: the claims then come from
 * the emulator's account record (userFromRecord), never from the token.
 */
export async function createFirebaseVerifier(projectId: string, emulatorHost: string | undefined): Promise<TokenVerifier> {
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const { initializeApp, getApps } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app = getApps().find((a) => a.name === 'shop-api') ?? initializeApp({ projectId }, 'shop-api');
  const auth = getAuth(app);
  return {
    verify: (idToken) =>
      checkToken(async () => {
        const decoded = await auth.verifyIdToken(idToken);
        if (emulatorHost)
          return userFromRecord(decoded.uid, await auth.getUser(decoded.uid), { signInProvider: decoded.firebase?.sign_in_provider, issuedAt: decoded.iat });
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified ?? false,
          name: (decoded.name as string | undefined) ?? null,
          providerId: decoded.firebase?.sign_in_provider ?? 'password',
          staff: decoded.staff === true,
          isAnonymous: decoded.firebase?.sign_in_provider === 'anonymous',
          issuedAt: decoded.iat,
        };
      }),
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid);
        return true;
      } catch (error) {
        console.warn(`[auth] Firebase user ${uid} could not be deleted: ${String(error)}`);
        return false;
      }
    },
  };
}
