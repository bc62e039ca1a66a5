import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { filter, firstValueFrom } from 'rxjs';
import type { ResolvedDescriptor, SignInSettings } from '@shop/shared/contract';
import { descriptorStore, pageSingleton } from '@shop/shared/stores';

const APP_NAME = 'shop';

export type FirebaseSettings = NonNullable<ResolvedDescriptor['firebase']>;

/** This host's Firebase settings (descriptor), once the shell has loaded the descriptor. */
export async function firebaseSettings(): Promise<FirebaseSettings> {
  const descriptor = await firstValueFrom(descriptorStore.pipe(filter((d): d is ResolvedDescriptor => d !== null)));
  if (!descriptor.firebase) throw new Error(`No Firebase configuration in the deployment descriptor of ${descriptor.host}`);
  return descriptor.firebase;
}

/** The host's sign-in widget settings (providers, redirect or popup, phone countries). */
export async function signInSettings(): Promise<SignInSettings> {
  return (await firebaseSettings()).signIn;
}

/**
 * The page's one Firebase app 'shop' (Auth and, where the host has its web config, Messaging share
 * it), configured from the host descriptor.
 */
export async function getShopFirebaseApp(): Promise<FirebaseApp> {
  const config = await firebaseSettings();
  return (
    getApps().find((a) => a.name === APP_NAME) ??
    initializeApp(
      {
        apiKey: config.apiKey,
        authDomain: config.authDomain,
        projectId: config.projectId,
        ...(config.messagingSenderId ? { messagingSenderId: config.messagingSenderId } : {}),
        ...(config.appId ? { appId: config.appId } : {}),
      },
      APP_NAME,
    )
  );
}

async function createAuth(): Promise<Auth> {
  const config = await firebaseSettings();
  const app = await getShopFirebaseApp();
  // No popup/redirect resolver at start: it is passed to the federated calls only, so pages without
  // a provider sign-in never load Google's helper frame.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  auth.languageCode = 'de';
  if (config.useEmulator) {
    // The API proxies the emulator's paths, so the whole shop stays on one origin.
    connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
    // The emulator takes any app verification: the SDK's offline reCAPTCHA stand-in is used for the
    // phone sign-in (never with a real project: the descriptor's useEmulator is false there).
    auth.settings.appVerificationDisabledForTesting = true;
  }
  return auth;
}

/** The page's one Firebase Auth instance, configured from the host descriptor (descriptorStore). */
export function getShopAuth(): Promise<Auth> {
  return pageSingleton('account:firebase-auth', () => createAuth());
}
