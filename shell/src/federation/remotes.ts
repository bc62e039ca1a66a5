import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { cacheBustedEntry, staleScripts } from './cache-bust';
import { remoteFallbackPlugin } from './fallback-plugin';

/**
 * Fallbacks per exposed widget id ('mf_cart/cart-badge'), loaded only when one is needed (they stay
 * out of the first load). A remote's app ('mf_menu/app') has none here: its failure reaches the
 * shell's recovering area (register-apps.ts), which retries.
 */
function fallbackFor({ id }: { id: string }): Promise<object> | undefined {
  const [remote = id, expose = 'app'] = id.split('/');
  if (remote !== 'mf_cart' || (expose !== 'cart-badge' && expose !== 'cart-bar')) return undefined;
  return import('./fallback-apps').then((apps) => {
    const fallback = expose === 'cart-badge' ? apps.fallbackCartBadge() : apps.emptyWidget();
    fallbacks.add(fallback);
    return fallback;
  });
}

/** The stand-ins handed out instead of a remote's module. */
const fallbacks = new WeakSet<object>();

let entries: Record<string, string> = {};
/** Remotes with at least one module in use: their container stays (a failed chunk is retried by webpack itself). */
const inUse = new Set<string>();

/** Registers this host's remote versions (from its descriptor) and the fallback plugin. */
export function setupFederation(descriptor: ResolvedDescriptor): void {
  registerPlugins([remoteFallbackPlugin(fallbackFor)]);
  entries = Object.fromEntries(Object.entries(descriptor.remotes).map(([name, remote]) => [name, remote.entry]));
  registerRemotes(Object.entries(entries).map(([name, entry]) => ({ name, entry })));
}

let retries = 0;

/**
 * Forgets a remote that failed or hung (its cached manifest and entry, the failed script elements),
 * so the next load asks the network again: under a cache-busting URL (docs/requirements.md#remote-retry).
 */
export function forgetRemote(name: string): void {
  const entry = entries[name];
  if (!entry || inUse.has(name)) return;
  for (const script of staleScripts(document, entry)) script.remove();
  registerRemotes([{ name, entry: cacheBustedEntry(entry, ++retries) }], { force: true });
}

/**
 * Loads a remote's './routes' list (contributed-routes.ts): not counted as a module in use, so a
 * remote whose app later fails is still forgotten and asked again on the next navigation.
 */
export async function loadRoutesModule(id: string): Promise<unknown> {
  return (await loadRemote<unknown>(id)) ?? {};
}

/** Loads an exposed module; widgets never reject (the plugin answers), a remote's app rejects when unreachable. */
export async function loadExposed<T>(id: string): Promise<T> {
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`Remote module ${id} is empty`);
  if (!fallbacks.has(module)) inUse.add(id.split('/')[0] ?? id);
  return module;
}
