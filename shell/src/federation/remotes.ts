import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { emptyWidget, fallbackAreaApp, fallbackCartBadge } from './fallback-apps';
import { remoteFallbackPlugin } from './fallback-plugin';

/** Fallbacks per exposed module id ('mf_cart/cart-badge'); any other id falls back to an area notice. */
function fallbackFor({ id }: { id: string }): unknown {
  const [remote = id, expose = 'app'] = id.split('/');
  if (remote === 'mf_cart' && expose === 'cart-badge') return fallbackCartBadge();
  if (remote === 'mf_cart' && expose === 'cart-bar') return emptyWidget();
  return fallbackAreaApp(remote);
}

/** Registers this host's remote versions (from its descriptor) and the fallback plugin. */
export function setupFederation(descriptor: ResolvedDescriptor): void {
  registerPlugins([remoteFallbackPlugin(fallbackFor)]);
  registerRemotes(Object.entries(descriptor.remotes).map(([name, remote]) => ({ name, entry: remote.entry })));
}

/** Loads an exposed module; never rejects for an unreachable remote (the plugin answers instead). */
export async function loadExposed<T>(id: string): Promise<T> {
  const module = await loadRemote<T>(id);
  if (!module) throw new Error(`Remote module ${id} is empty`);
  return module;
}
