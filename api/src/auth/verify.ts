export interface VerifiedUser {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly providerId: string;
  /** Custom claim `staff: true`: may use the staff order board (see docs/adr/0010-staff-board.md). */
  readonly staff?: boolean;
  /** An anonymous guest session (signInAnonymously): not an account holder (checkout-spec §6). */
  readonly isAnonymous?: boolean;
}

export interface TokenVerifier {
  /** The user of a Firebase ID token, or null when the token is invalid or expired. */
  verify(idToken: string): Promise<VerifiedUser | null>;
  /**
   * Deletes a Firebase user (the anonymous guest merged into an account). False when it could not
   * be deleted (no credentials for the admin API): the caller goes on, the guest user stays unused.
   */
  deleteUser?(uid: string): Promise<boolean>;
}

/**
 * Verifies Firebase ID tokens with firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST set (development
 * and tests), firebase-admin accepts the emulator's tokens; in production it checks Google's keys.
 */
export async function createFirebaseVerifier(projectId: string, emulatorHost: string | undefined): Promise<TokenVerifier> {
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const { initializeApp, getApps } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const app = getApps().find((a) => a.name === 'shop-api') ?? initializeApp({ projectId }, 'shop-api');
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken);
        return {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified ?? false,
          name: (decoded.name as string | undefined) ?? null,
          providerId: decoded.firebase?.sign_in_provider ?? 'password',
          staff: decoded.staff === true,
          isAnonymous: decoded.firebase?.sign_in_provider === 'anonymous',
        };
      } catch {
        return null;
      }
    },
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
