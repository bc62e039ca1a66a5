import type { ResolvedDescriptor } from '@shop/shared/contract';

const LAST_DESCRIPTOR_KEY = 'shell:lastDescriptor';
/** The element the API inlines this host's descriptor into (api/src/http/shell-document.ts). */
export const DESCRIPTOR_ELEMENT_ID = 'shop-descriptor';

/** The descriptor the server put into the page, or null (offline copy of the page, or none sent). */
export function inlinedDescriptor(doc: Pick<Document, 'getElementById'> = document): ResolvedDescriptor | null {
  const text = doc.getElementById(DESCRIPTOR_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as ResolvedDescriptor | null;
    return parsed && typeof parsed === 'object' && typeof parsed.remotes === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The deployment descriptor of this host, network-first: the copy the server inlined into this
 * page (fresh: the page itself is never cached stale), else the server's answer; the last good
 * copy only when the network is down (ARCHITECTURE.md Releases).
 */
export async function loadDescriptor(
  fetchImpl: typeof fetch = fetch,
  storage: Storage = localStorage,
  doc: Pick<Document, 'getElementById'> = document,
): Promise<ResolvedDescriptor> {
  const inlined = inlinedDescriptor(doc);
  if (inlined) {
    storage.setItem(LAST_DESCRIPTOR_KEY, JSON.stringify(inlined));
    return inlined;
  }
  try {
    const response = await fetchImpl('/deploy/descriptor.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`descriptor: HTTP ${response.status}`);
    const descriptor = (await response.json()) as ResolvedDescriptor;
    storage.setItem(LAST_DESCRIPTOR_KEY, JSON.stringify(descriptor));
    return descriptor;
  } catch (error) {
    const last = storage.getItem(LAST_DESCRIPTOR_KEY);
    if (last) return JSON.parse(last) as ResolvedDescriptor;
    throw error;
  }
}
