/**
 * Who is an account holder (requirements#checkout-roles: saved cards, online payment with them and stamps are
 * for customers with an account; requirements#roles-and-flags roles). A signed-in Firebase user is one unless the
 * session is an anonymous guest session (signInAnonymously): that guest orders like any guest until
 * the session is upgraded to an account.
 */
export function isAccountHolder(user: { readonly isAnonymous?: boolean | undefined } | null | undefined): boolean {
  return Boolean(user) && user?.isAnonymous !== true;
}
