import type { FastifyInstance } from 'fastify';

export interface HeaderOptions {
  /** Stripe is configured: its script, frames and API are allowed. */
  readonly stripe: boolean;
  /** PayPal is configured: its buttons (script and frames) are allowed. */
  readonly paypal: boolean;
  /** A real Firebase project (no emulator): the browser talks to Google's identity endpoints. */
  readonly firebase: boolean;
}

const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };
const PAYPAL = {
  script: ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://www.paypalobjects.com'],
  frame: ['https://www.paypal.com', 'https://www.sandbox.paypal.com'],
  connect: ['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://api-m.paypal.com', 'https://api-m.sandbox.paypal.com'],
};
const FIREBASE = {
  connect: [
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
    // Firebase Cloud Messaging on the web: the installation and the push registration (docs/adr/0024-push-messages.md).
    'https://firebaseinstallations.googleapis.com',
    'https://fcmregistrations.googleapis.com',
  ],
  frame: ['https://*.firebaseapp.com'],
};

/**
 * The Content-Security-Policy of every response: scripts only from the shop itself, plus the
 * payment providers' when they are configured; nothing may frame the shop (frame-ancestors 'none',
 * the staff board included). Inline styles are allowed (the first paint's small style block).
 */
export function contentSecurityPolicy(options: HeaderOptions): Record<string, string[]> {
  const pick = (key: 'script' | 'frame' | 'connect') => [
    ...(options.stripe ? STRIPE[key] : []),
    ...(options.paypal ? PAYPAL[key] : []),
    ...(options.firebase && key !== 'script' ? FIREBASE[key] : []),
  ];
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

/** Security headers with @fastify/helmet (docs/security.md "Headers"). */
export async function registerSecurityHeaders(app: FastifyInstance, options: HeaderOptions): Promise<void> {
  const helmet = (await import('@fastify/helmet')).default;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
    // Popups of PayPal and of a federated sign-in must be able to talk back to the shop.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Payment providers read the origin of the page that sends the guest to them.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // TLS and HSTS are the reverse proxy's job (docs/security.md "What production must configure").
    strictTransportSecurity: false,
  });
}
