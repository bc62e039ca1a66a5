import { useEffect, useRef } from 'react';
import { emit, on } from '@shop/shared/bus';

/**
 * Registers a dialog drawn inside a remote with the shell while it is open, so that the shell's
 * navigation guard treats it like its own dialogs (requirements#screens): navigating while it is open
 * closes it (onClose) and cancels the navigation. Escape closes it too, unless `escape: false`
 * (a native dialog handles Escape itself).
 */
export function useShellLayer(open: boolean, onClose: () => void, options: { escape?: boolean } = {}): void {
  const escape = options.escape ?? true;
  // Not useId: every remote has its own React root, and their ids would collide.
  const id = useRef(`layer-${Math.random().toString(36).slice(2, 10)}`).current;
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!open) return undefined;
    emit('shell:layer', { id, open: true });
    const sub = on('shell:close-layers').subscribe(() => close.current());
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    if (escape) window.addEventListener('keydown', onKey);
    return () => {
      sub.unsubscribe();
      if (escape) window.removeEventListener('keydown', onKey);
      emit('shell:layer', { id, open: false });
    };
  }, [open, id, escape]);
}
