import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { HostDescriptor } from '@shop/shared/contract';
import { isFederatedProvider } from '@shop/shared/domain/sign-in';

type FirebaseSettings = NonNullable<HostDescriptor['firebase']>;

export interface HeaderOptions {
  /** Stripe is configured: its script, frames and API are allowed. */
  readonly stripe: boolean;
  /** PayPal is configured: its buttons (script and frames) are allowed. */
  readonly paypal: boolean;
  /**
   * The Firebase settings of the host a request is for (its descriptor): which identity endpoints,
   * helper frames and scripts its sign-in needs. Absent or undefined: no Firebase at all.
   */
  readonly firebaseFor?: (hostname: string) => FirebaseSettings | undefined;
}

const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
const PAYPAL = {
  script: ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://www.paypalobjects.com'],
  frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://api-m.paypal.com', 'https://api-m.sandbox.paypal.com'],
};
type Sources = Record<'script' | 'frame' | 'connect', string[]>;

/** Google's identity endpoints the SDK calls (a real project; the emulator is the shop's own origin). */
const FIREBASE_API = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];
/** The gapi loader the SDK uses for its popup/redirect helper frame (federated providers, emulator too). */
const GAPI = 'https://apis.google.com';
/** reCAPTCHA of the phone sign-in (a real project; with the emulator the SDK's offline mock is used). */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};
/** Firebase Cloud Messaging on the web: the installation and the push registration (docs/adr/0024-push-messages.md). */
const FCM = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

/**
 * What a host's sign-in needs beyond the shop's own origin (requirements#sign-in). With the emulator
 * every call goes through the shop's proxy (ADR 0004), so only the gapi loader is added for
 * federated providers; a real project adds Google's identity API, its auth domain's helper frame
 * (federated providers) and reCAPTCHA (phone).
 */
export function firebaseSources(firebase: FirebaseSettings | undefined): Sources {
  const sources: Sources = { script: [], frame: [], connect: [] };
  if (!firebase) return sources;
  const providers = firebase.signIn.providers;
  const federated = providers.some((p) => isFederatedProvider(p));
  if (federated) sources.script.push(GAPI);
  // Push messages through FCM where the host has its web config (else the offline default: nothing to add).
  if (firebase.messagingSenderId && firebase.appId && firebase.vapidKey) sources.connect.push(...FCM);
  if (firebase.useEmulator) return sources;
  sources.connect.push(...FIREBASE_API);
  if (federated) sources.frame.push(`https://${firebase.authDomain}`);
  if (providers.includes('phone')) {
    sources.script.push(...RECAPTCHA.script);
    sources.frame.push(...RECAPTCHA.frame);
  }
  return sources;
}

/**
 * The Content-Security-Policy of every response: scripts only from the shop itself, plus the
 * payment providers' when they are configured; nothing may frame the shop (frame-ancestors 'none',
 * the staff board included). Inline styles are allowed (the first paint's small style block).
 */
export function contentSecurityPolicy(options: Omit<HeaderOptions, 'firebaseFor'>, firebase: Sources = firebaseSources(undefined)): Record<string, string[]> {
  const pick = (key: 'script' | 'frame' | 'connect') => [...(options.stripe ? STRIPE[key] : []), ...(options.paypal ? PAYPAL[key] : []), ...firebase[key]];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...pick('script')],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...(options.stripe || options.paypal ? ['https:'] : [])],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...pick('connect')],
    frameSrc: ["'self'", ...pick('frame')],
    // The service worker and the human check's proof-of-work worker are the shop's own files.
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

const HOSTNAME = Symbol('shop.hostname');
type WithHostname = IncomingMessage & { [HOSTNAME]?: string };

/**
 * The directives with the host's Firebase sources filled in per request (helmet calls a function
 * source with the raw request; the hostname is Fastify's, so TRUST_PROXY decides as everywhere).
 */
function perHostDirectives(options: HeaderOptions): Record<string, (string | ((req: IncomingMessage) => string))[]> {
  const base = contentSecurityPolicy(options);
  const firebase = (req: IncomingMessage) => {
    const host = (req as WithHostname)[HOSTNAME];
    try {
      return firebaseSources(host === undefined ? undefined : options.firebaseFor?.(host));
    } catch {
      return firebaseSources(undefined);
    }
  };
  const withHost = (key: 'script' | 'frame' | 'connect', directive: string) => [
    ...base[directive]!,
    // helmet refuses an empty source: the shop's own origin stands in when the host adds nothing.
    (req: IncomingMessage) => firebase(req)[key].join(' ') || "'self'",
  ];
  return { ...base, scriptSrc: withHost('script', 'scriptSrc'), frameSrc: withHost('frame', 'frameSrc'), connectSrc: withHost('connect', 'connectSrc') };
}

/** Security headers with @fastify/helmet (docs/security.md "Headers"). */
export async function registerSecurityHeaders(app: FastifyInstance, options: HeaderOptions): Promise<void> {
  const helmet = (await import('@fastify/helmet')).default;
  // Registered before helmet, so its onRequest hook sees the hostname.
  app.addHook('onRequest', async (request) => {
    (request.raw as WithHostname)[HOSTNAME] = request.hostname;
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: perHostDirectives(options) },
    // Popups of PayPal and of a federated sign-in must be able to talk back to the shop.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Payment providers read the origin of the page that sends the guest to them.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // TLS and HSTS are the reverse proxy's job (docs/security.md "What production must configure").
    strictTransportSecurity: false,
  });
}
