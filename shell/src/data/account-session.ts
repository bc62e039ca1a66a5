import { loadExposed } from '../federation/remotes';

/** Set by mf-account while someone is signed in on this device; removed on sign-out. */
export const ACCOUNT_SESSION_KEY = 'account:session';

interface SessionModule {
  startSession(): Promise<void>;
}

/**
 * Restores a signed-in session at start-up, and only then: guests never download the Firebase
 * SDK (requirements#performance budget). mf-account exposes './session' and sets the flag when someone signs in.
 */
export function restoreAccountSession(storage: Storage = localStorage): void {
  if (!storage.getItem(ACCOUNT_SESSION_KEY)) return;
  void loadExposed<SessionModule>('mf_account/session')
    .then((mod) => (typeof mod.startSession === 'function' ? mod.startSession() : undefined))
    .catch((error: unknown) => console.warn('[shell] account session could not be restored', error));
}
