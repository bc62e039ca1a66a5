import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface FailedRemote {
  readonly id: string;
  readonly error: unknown;
}

/**
 * Runtime plugin (one concern: remote load failures). When a remote's manifest, entry or module
 * cannot be loaded, `loadRemote` resolves with the fallback module for that id (when there is one)
 * instead of rejecting, so only that widget degrades and the rest of the shop keeps working.
 */
export function remoteFallbackPlugin(fallbackFor: (failure: FailedRemote) => unknown): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-remote-fallback',
    errorLoadRemote(args) {
      // Manifest failures are first reported with lifecycle 'afterResolve'; answering nothing there
      // lets the error reach loadRemote, which asks again with lifecycle 'onLoad'.
      if (args.lifecycle !== 'onLoad') return undefined;
      const fallback = fallbackFor({ id: args.id, error: args.error });
      if (fallback !== undefined) console.warn(`[shell] remote ${args.id} could not be loaded`, args.error);
      return fallback;
    },
  };
}
