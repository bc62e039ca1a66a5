import { z } from 'zod';
import { branchSettings, featureFlags } from './appconfig';

const semver = z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'expected a semantic version');

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
    /** A preview host for QA: browsers may override remote versions here (never on other hosts). */
    preview: z.boolean().default(false),
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
      })
      .optional(),
  })
  .strict();
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
