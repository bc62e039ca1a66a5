// When an installed app takes a new release (docs/requirements.md#app-update): pure rules, tested beside.
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { matchRoute } from '@shop/shared/routes';

/** How often a navigation may ask for the host's descriptor (at most once per interval). */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

type Versions = Pick<ResolvedDescriptor, 'shell' | 'remotes'>;

/** The shell or any remote version differs: a release or a rollback reached this host. */
export function releaseChanged(booted: Versions, current: Versions): boolean {
  if (booted.shell !== current.shell) return true;
  const names = new Set([...Object.keys(booted.remotes), ...Object.keys(current.remotes)]);
  for (const name of names) {
    const key = name;
    if (booted.remotes[key]?.version !== current.remotes[key]?.version) return true;
  }
  return false;
}

/** Never during checkout or payment: every checkout and payment page belongs to mf_checkout. */
export function isSafeMoment(pathname: string): boolean {
  return matchRoute(pathname)?.app !== 'mf_checkout';
}

/** Whether a navigation at `now` may check again after the check at `last` (null: never checked). */
export function dueForCheck(last: number | null, now: number): boolean {
  return last === null || now - last >= UPDATE_CHECK_INTERVAL_MS;
}
