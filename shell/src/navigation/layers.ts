import { BehaviorSubject } from 'rxjs';
import { emit, on } from '@shop/shared/bus';

/** What is open above the page: the drawer and any dialogs (by id). */
export interface Layers {
  readonly drawer: boolean;
  readonly dialogs: readonly string[];
}

export const layers$ = new BehaviorSubject<Layers>({ drawer: false, dialogs: [] });

export function setDrawer(open: boolean): void {
  layers$.next({ ...layers$.getValue(), drawer: open });
}

export function openDialog(id: string): void {
  const current = layers$.getValue();
  if (!current.dialogs.includes(id)) layers$.next({ ...current, dialogs: [...current.dialogs, id] });
}

export function closeDialog(id: string): void {
  const current = layers$.getValue();
  layers$.next({ ...current, dialogs: current.dialogs.filter((d) => d !== id) });
}

/** Listeners that close a dialog when the guard closes everything. */
const closers = new Set<() => void>();
export function onCloseAll(fn: () => void): () => void {
  closers.add(fn);
  return () => closers.delete(fn);
}

export function hasOpenLayer(layers: Layers = layers$.getValue()): boolean {
  return layers.drawer || layers.dialogs.length > 0;
}

export function closeAllLayers(): void {
  for (const fn of closers) fn();
  emit('shell:close-layers', {});
  layers$.next({ drawer: false, dialogs: [] });
}

/** Dialogs drawn inside remotes (useShellLayer) count as open layers for the guard. */
export function bridgeRemoteLayers(): () => void {
  const sub = on('shell:layer').subscribe(({ id, open }) => (open ? openDialog(`remote:${id}`) : closeDialog(`remote:${id}`)));
  return () => sub.unsubscribe();
}
