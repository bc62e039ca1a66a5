import type { News } from '../contract/content';

/**
 * News (requirements#entities News; the header's news badge and the live 'newsUpdated' event, §4 Events
 * stream): which items a guest sees and which are new to them.
 */

/** What guests see: active items whose publish date has come, newest first. */
export function visibleNews(list: readonly News[], now: number): News[] {
  return list.filter((n) => n.active && n.publishDate <= now).sort((a, b) => b.publishDate - a.publishDate || a.id.localeCompare(b.id));
}

/**
 * The header badge: visible items published after the guest last opened Aktuelles (`seenAt`);
 * a guest who never opened it sees all visible items counted.
 */
export function unreadNewsCount(list: readonly News[], seenAt: number | null, now: number): number {
  return visibleNews(list, now).filter((n) => seenAt === null || n.publishDate > seenAt).length;
}

/** Items of `next` that `previous` did not have (what a live update brings), newest first. */
export function addedNews(previous: readonly News[], next: readonly News[], now: number): News[] {
  const known = new Set(previous.map((n) => n.id));
  return visibleNews(next, now).filter((n) => !known.has(n.id));
}

/**
 * Whether a local copy saved at `savedAt` (the device's clock) is older than a change the server
 * stamped `lastModified` (the server's clock), allowing for the difference of the two clocks
 * (`serverNow` and `localNow` taken at the same moment). No copy is always stale.
 */
export function copyIsStale(lastModified: number, savedAt: number | null, serverNow: number, localNow: number): boolean {
  if (savedAt === null) return true;
  return lastModified > savedAt + (serverNow - localNow);
}
