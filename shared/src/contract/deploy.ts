import { z } from 'zod';
import { branchSettings, featureFlags } from './appconfig';

/**
 * Ways to sign in a host offers (requirements#entities "Providers", requirements#sign-in): e-mail with password, e-mail
 * link, phone (SMS code), the federated providers Google and Apple, and anonymous guest sessions.
 */
export const signInProvider = z.enum(['password', 'emailLink', 'phone', 'google.com', 'apple.com', 'anonymous']);
export type SignInProvider = z.infer<typeof signInProvider>;

/** Countries the phone sign-in offers (requirements#shop-behaviour: DE default, AT, CH). */
export const phoneCountryCode = z.enum(['DE', 'AT', 'CH']);
export type PhoneCountryCode = z.infer<typeof phoneCountryCode>;

export const signInSettings = z
  .object({
    providers: z.array(signInProvider).min(1),
    /** Federated providers: a full-page redirect (default) or a popup (requirements#sign-in). */
    flow: z.enum(['redirect', 'popup']).default('redirect'),
    /** Phone sign-in: only these countries (a non-empty list), or all but these; not both (requirements#shop-validation). */
    whitelistedCountries: z.array(phoneCountryCode).min(1).optional(),
    blacklistedCountries: z.array(phoneCountryCode).optional(),
  })
  .strict()
  .refine((s) => !(s.whitelistedCountries && s.blacklistedCountries), {
    message: 'whitelistedCountries and blacklistedCountries cannot both be set',
  })
  .refine((s) => !s.blacklistedCountries || s.blacklistedCountries.length < phoneCountryCode.options.length, {
    message: 'blacklistedCountries leaves no country for the phone sign-in',
  });
export type SignInSettings = z.infer<typeof signInSettings>;

const semver = z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'expected a semantic version');

/** One remote's canary: its version and the share of browsers (1–99 %) that load it. */
const canary = z.object({ version: semver, percent: z.number().int().min(1).max(99) }).strict();

/**
 * Deployment descriptor of one host (deploy/hosts/*.json). Releasing or rolling back a remote
 * changes exactly one line: its entry under `remotes`.
 */
export const hostDescriptor = z
  .object({
    /** Host names (without port) this descriptor serves. */
    hosts: z.array(z.string().min(1)).min(1),
    branch: branchSettings,
    features: featureFlags.partial().default({}),
    /** The shell version this host runs (released per host like a remote); absent: the local shell build. */
    shell: semver.optional(),
    remotes: z.object({ mf_menu: semver, mf_cart: semver, mf_checkout: semver, mf_account: semver, mf_orders: semver }).strict(),
    /**
     * Canary releases (docs/requirements.md#release-canary): a remote version for a percentage of this
     * host's browsers (sticky per browser), one line, written by `deploy canary`, ended by `promote` or `rollback`.
     */
    canaries: z.object({ mf_menu: canary, mf_cart: canary, mf_checkout: canary, mf_account: canary, mf_orders: canary }).partial().strict().optional(),
    /** A preview host for QA: browsers may override remote versions here (never on other hosts). */
    preview: z.boolean().default(false),
    /**
     * A preview host's credential (docs/requirements.md#preview-apart): the sha256 (`sha256-<base64>`) of
     * the token QA opens it with (`/?preview-token=<token>`); every request without it is refused.
     */
    previewTokenDigest: z
      .string()
      .regex(/^sha256-[A-Za-z0-9+/]{43}=$/, 'expected sha256-<base64> of the preview token')
      .optional(),
    firebase: z
      .object({
        apiKey: z.string(),
        authDomain: z.string(),
        projectId: z.string(),
        useEmulator: z.boolean().default(false),
        /**
         * Firebase Cloud Messaging on the web (all three, or none: then push messages use the
         * offline default over the events stream): the web app's sender id and app id, and the
         * public VAPID key of the project's Web Push certificate (README "Push messages").
         */
        messagingSenderId: z.string().min(1).max(40).optional(),
        appId: z.string().min(1).max(120).optional(),
        vapidKey: z
          .string()
          .regex(/^[A-Za-z0-9_-]{60,120}$/, 'expected the public VAPID key (base64url)')
          .optional(),
        /** The sign-in widget of this host (requirements#sign-in); absent: e-mail and password only. */
        signIn: signInSettings.default({ providers: ['password'], flow: 'redirect' }),
      })
      .optional(),
  })
  .strict()
  .refine((d) => !d.preview || d.previewTokenDigest !== undefined, {
    message: 'a preview host needs previewTokenDigest: it is reachable only with a credential',
    path: ['previewTokenDigest'],
  });
export type HostDescriptor = z.infer<typeof hostDescriptor>;

/** What the shell receives from GET /deploy/descriptor.json (remote entries resolved to manifest URLs). */
export interface ResolvedDescriptor {
  host: string;
  branch: z.infer<typeof branchSettings>;
  features: Partial<z.infer<typeof featureFlags>>;
  remotes: Record<string, { version: string; entry: string }>;
  /** The host's shell version ('local' when it runs the local build). */
  shell: string;
  /** Preview host: per-browser version overrides are honoured (deploy/README.md, Preview). */
  preview: boolean;
  firebase?: HostDescriptor['firebase'];
  /**
   * How push messages reach this host's devices: 'fcm' when the API has FCM credentials and the
   * descriptor the web config (firebase.messagingSenderId, appId, vapidKey), else 'local' (the
   * offline default over the events stream). Absent from APIs older than push: read as 'local'.
   */
  push?: { provider: 'fcm' | 'local' };
  /** Payment mode, shown as test mode in the UI when 'test'. */
  payments: { mode: 'test' | 'live'; stripePublishableKey?: string; paypalClientId?: string };
}
