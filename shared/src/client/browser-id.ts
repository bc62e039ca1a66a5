import { SHOP_CONSTANTS } from '../domain/shop-constants';

export const BROWSER_ID_KEY = 'shop:browserId';

/** A browser id is valid with at least 25 characters and a dash (requirements#calls). */
export function isValidBrowserId(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length >= SHOP_CONSTANTS.browserIdMinLength && value.includes('-');
}

function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Reads the browser id, creating and storing one when missing. Called once by the shell at start. */
export function ensureBrowserId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  const existing = storage.getItem(BROWSER_ID_KEY);
  if (isValidBrowserId(existing)) return existing;
  const created = randomId();
  storage.setItem(BROWSER_ID_KEY, created);
  return created;
}

/** Resolves once a valid browser id exists, checking every 100 ms (requirements#calls). */
export function waitForBrowserId(
  storage: Pick<Storage, 'getItem'> = localStorage,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<string> {
  return (async () => {
    for (;;) {
      const id = storage.getItem(BROWSER_ID_KEY);
      if (isValidBrowserId(id)) return id;
      await sleep(SHOP_CONSTANTS.browserIdRetryMs);
    }
  })();
}
