import type { PushMessage } from '../contract/push';

// Where push messages show in the shop (docs/adr/0024-push-messages.md); small, for the shell's first load.

/**
 * Whether the shell shows a message in the in-app box: not when the page it links to is open, since
 * that page tells the guest itself (the order page's ready dialog).
 */
export function showsInApp(message: Pick<PushMessage, 'link'>, pathname: string): boolean {
  if (!message.link) return true;
  return decoded(message.link.split(/[?#]/)[0] ?? '') !== decoded(pathname);
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
