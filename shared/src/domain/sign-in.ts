import type { SignInProvider } from '../contract/deploy';

/**
 * The sign-in widget's decisions (requirements#sign-in): what follows the e-mail entry, which
 * provider buttons a host shows. Pure: the account remote calls Firebase and these decide.
 */

export const FEDERATED_PROVIDERS = ['google.com', 'apple.com'] as const;
export type FederatedProviderId = (typeof FEDERATED_PROVIDERS)[number];

export function isFederatedProvider(id: string): id is FederatedProviderId {
  return (FEDERATED_PROVIDERS as readonly string[]).includes(id);
}

/** Firebase's sign-in method names for an e-mail (fetchSignInMethodsForEmail). */
export const PASSWORD_METHOD = 'password';
export const EMAIL_LINK_METHOD = 'emailLink';

export type EmailNextStep =
  | { readonly kind: 'password' }
  | { readonly kind: 'create' }
  | { readonly kind: 'emailLink' }
  | { readonly kind: 'federated'; readonly providerId: FederatedProviderId }
  | { readonly kind: 'unsupported'; readonly method: string };

/**
 * After the e-mail entry (requirements#shop-behaviour): a password method → the password page; none → account
 * creation (or, on a host without passwords, a sign-in link); only the e-mail link → a link is sent;
 * a federated provider → sign-in through it; anything else (a method this host does not offer) →
 * the unsupported-provider page.
 */
export function nextStepForEmail(methods: readonly string[], enabled: readonly SignInProvider[]): EmailNextStep {
  const offers = (p: SignInProvider) => enabled.includes(p);
  if (methods.length === 0) {
    if (offers('password')) return { kind: 'create' };
    if (offers('emailLink')) return { kind: 'emailLink' };
    return { kind: 'unsupported', method: PASSWORD_METHOD };
  }
  if (methods.includes(PASSWORD_METHOD) && offers('password')) return { kind: 'password' };
  if (methods.includes(EMAIL_LINK_METHOD) && offers('emailLink')) return { kind: 'emailLink' };
  const federated = methods.find((m): m is FederatedProviderId => isFederatedProvider(m) && offers(m));
  if (federated) return { kind: 'federated', providerId: federated };
  return { kind: 'unsupported', method: methods[0]! };
}

/** The provider buttons of the provider choice, in the widget's order (e-mail is the entry field above them). */
export function providerButtons(enabled: readonly SignInProvider[]): ('phone' | FederatedProviderId | 'anonymous')[] {
  const order = ['google.com', 'apple.com', 'phone', 'anonymous'] as const;
  return order.filter((p) => enabled.includes(p));
}

/** Whether the e-mail entry is offered at all (a password or a link account). */
export function offersEmail(enabled: readonly SignInProvider[]): boolean {
  return enabled.includes('password') || enabled.includes('emailLink');
}
