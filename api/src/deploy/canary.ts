// Canary releases (docs/requirements.md#release-canary): a remote version for a percentage of a
// host's browsers. Each browser carries a random id in a first-party cookie; its bucket (0–99) per
// remote is derived from that id on the server, so the decision is stable on reload and the same on
// every API instance. Pure rules, tested beside.
import crypto from 'node:crypto';
import type { HostDescriptor } from '@shop/shared/contract';

/** The cookie holding this browser's canary id (set only on hosts with a canary running). */
export const CANARY_COOKIE = 'shop_canary';
/** How long a browser keeps its id: as long as a canary may run, and then some. */
export const CANARY_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/** Buckets per remote: a percentage selects the buckets below it. */
export const CANARY_BUCKETS = 100;
/** What a browser id looks like (ours are UUIDs; anything else in the cookie is ignored and replaced). */
const BROWSER_ID = /^[A-Za-z0-9-]{8,64}$/;

type RemoteKey = keyof HostDescriptor['remotes'];

/** A browser's bucket (0–99) for one remote: a hash of its id and the remote, stable for ever. */
export function canaryBucket(browserId: string, remote: string): number {
  const digest = crypto.createHash('sha256').update(`${browserId}\n${remote}`).digest();
  return digest.readUInt32BE(0) % CANARY_BUCKETS;
}

/** The rule: a browser is in the canary when its bucket is below the percentage. */
export function inCanary(bucket: number, percent: number): boolean {
  return bucket < percent;
}

/** The version of `remote` this browser loads on this host: the canary's when it is in it, else the host's. */
export function remoteVersionFor(descriptor: HostDescriptor, remote: RemoteKey, browserId: string | undefined): string {
  const running = descriptor.canaries?.[remote];
  if (!running || !browserId) return descriptor.remotes[remote];
  return inCanary(canaryBucket(browserId, remote), running.percent) ? running.version : descriptor.remotes[remote];
}

/** Whether the host has a canary running (only then does a browser get an id). */
export const hasCanary = (descriptor: HostDescriptor): boolean => Object.keys(descriptor.canaries ?? {}).length > 0;

/** The browser id in a Cookie header, or undefined when it has none (or a malformed one). */
export function browserIdFromCookies(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CANARY_COOKIE) {
      const id = value.join('=');
      return BROWSER_ID.test(id) ? id : undefined;
    }
  }
  return undefined;
}

/** A new browser id and the Set-Cookie value carrying it (first-party, not readable by scripts). */
export function newBrowserIdCookie(secure: boolean): { id: string; cookie: string } {
  const id = crypto.randomUUID();
  const cookie = `${CANARY_COOKIE}=${id}; Path=/; Max-Age=${CANARY_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
  return { id, cookie };
}
