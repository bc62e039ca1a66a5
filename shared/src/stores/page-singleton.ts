/**
 * One instance per page for stateful shared objects. Module Federation shares '@shop/shared/*'
 * as a singleton already; this also joins a copy a remote bundled for itself (fallback case).
 */
const KEY = '__shop_singletons__';
const map = ((globalThis as unknown as Record<string, Map<string, unknown> | undefined>)[KEY] ??= new Map());

export function pageSingleton<T>(name: string, create: () => T): T {
  if (!map.has(name)) map.set(name, create());
  return map.get(name) as T;
}
