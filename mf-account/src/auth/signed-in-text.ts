import { account as texts } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';

interface Named {
  readonly displayName: string | null;
  readonly email: string | null;
  readonly phoneNumber: string | null;
}

/** 'Angemeldet als …' with the best name the account has; 'Angemeldet' when it has none (never an empty name). */
export function signedInText(user: Named): string {
  const name = user.displayName || user.email || user.phoneNumber;
  return name ? fill(texts.signedInAs, { name }) : texts.signedIn;
}
