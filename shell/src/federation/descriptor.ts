import type { ResolvedDescriptor } from '@shop/shared/contract';

const LAST_DESCRIPTOR_KEY = 'shell:lastDescriptor';

/**
 * The deployment descriptor of this host, network-first: the server's answer is always used when
 * it comes; the last good copy only when the network is down (ARCHITECTURE.md Releases).
 */
export async function loadDescriptor(fetchImpl: typeof fetch = fetch, storage: Storage = localStorage): Promise<ResolvedDescriptor> {
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
