import type { User } from 'firebase/auth';
import type { AppUser } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';

/** The provider a user signed in with, as the account record names it. */
export function providerIdOf(user: User): string {
  return user.providerData[0]?.providerId ?? 'password';
}

/**
 * The account record on the server (requirements#sign-in: during registration the account is
 * upserted, otherwise the user is pulled). A user the server does not know yet (first sign-in on
 * this shop with a provider or a phone) is upserted too. Anonymous guest sessions have none.
 */
export async function syncAccount(user: User, options: { created: boolean }): Promise<AppUser | null> {
  if (user.isAnonymous) return null;
  const upsert = async () => {
    const res = await callAction('UpsertAppUser', {
      fuid: user.uid,
      name: user.displayName ?? '',
      email: user.email ?? '',
      phone: user.phoneNumber ?? '',
      providerId: providerIdOf(user),
      emailVerified: user.emailVerified,
    });
    return res.ok ? res.user : null;
  };
  try {
    if (options.created) return await upsert();
    const pulled = await callAction('LoadAppUser', { fuid: user.uid });
    if (pulled.ok && pulled.user) return pulled.user;
    return await upsert();
  } catch (error) {
    // The Firebase account exists; the record is written again on the next sign-in.
    console.warn('[mf_account] the account record could not be synchronised', error);
    return null;
  }
}
