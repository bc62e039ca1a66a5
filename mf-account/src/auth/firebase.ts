import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth, type Auth } from 'firebase/auth';
import { filter, firstValueFrom } from 'rxjs';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { descriptorStore, pageSingleton } from '@shop/shared/stores';

const APP_NAME = 'shop';

async function firebaseConfig(): Promise<NonNullable<ResolvedDescriptor['firebase']>> {
  const descriptor = await firstValueFrom(descriptorStore.pipe(filter((d): d is ResolvedDescriptor => d !== null)));
  if (!descriptor.firebase) throw new Error(`No Firebase configuration in the deployment descriptor of ${descriptor.host}`);
  return descriptor.firebase;
}

/**
 * The page's one Firebase app 'shop' (Auth and, where the host has its web config, Messaging share
 * it), configured from the host descriptor.
 */
export async function getShopFirebaseApp(): Promise<FirebaseApp> {
  const config = await firebaseConfig();
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
  const config = await firebaseConfig();
  const app = await getShopFirebaseApp();
  // No popup/redirect resolver: e-mail and password only, and no third-party iframe.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  auth.languageCode = 'de';
  // The API proxies the emulator's paths, so the whole shop stays on one origin.
  if (config.useEmulator) connectAuthEmulator(auth, window.location.origin, { disableWarnings: true });
  return auth;
}

/** The page's one Firebase Auth instance, configured from the host descriptor (descriptorStore). */
export function getShopAuth(): Promise<Auth> {
  return pageSingleton('account:firebase-auth', () => createAuth());
}
