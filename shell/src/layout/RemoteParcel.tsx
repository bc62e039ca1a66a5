import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type LifeCycles, type Parcel } from 'single-spa';
import { loadExposed } from '../federation/remotes';

/**
 * Mounts an exposed widget of a remote (e.g. 'mf_cart/cart-badge') as a single-spa parcel.
 * The remote's fallback plugin answers for an unreachable remote, so this never throws.
 * With `onMounted` the widget stays hidden until it is mounted and the caller is told in the same
 * render, so a stand-in it replaces goes in the frame the widget comes (no moment with both).
 */
export function RemoteParcel({ id, props = {}, onMounted }: { id: string; props?: Record<string, unknown>; onMounted?: () => void }) {
  const host = useRef<HTMLSpanElement>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let parcel: Parcel | null = null;
    let cancelled = false;
    void loadExposed<LifeCycles>(id).then((config) => {
      if (cancelled) return;
      parcel = mountRootParcel(config as never, { domElement: element, ...props });
      // A widget that fails to mount leaves the stand-in in place.
      parcel.mountPromise.then(
        () => {
          if (cancelled) return;
          setMounted(true);
          onMounted?.();
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      if (parcel && parcel.getStatus() === 'MOUNTED') void parcel.unmount();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return <span ref={host} data-parcel={id} hidden={onMounted !== undefined && !mounted} />;
}
