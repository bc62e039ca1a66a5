import { useEffect, useRef } from 'react';
import { mountRootParcel, type LifeCycles, type Parcel } from 'single-spa';
import { loadExposed } from '../federation/remotes';

/**
 * Mounts an exposed widget of a remote (e.g. 'mf_cart/cart-badge') as a single-spa parcel.
 * The remote's fallback plugin answers for an unreachable remote, so this never throws.
 */
export function RemoteParcel({ id, props = {} }: { id: string; props?: Record<string, unknown> }) {
  const host = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let parcel: Parcel | null = null;
    let cancelled = false;
    void loadExposed<LifeCycles>(id).then((config) => {
      if (cancelled) return;
      parcel = mountRootParcel(config as never, { domElement: element, ...props });
    });
    return () => {
      cancelled = true;
      if (parcel && parcel.getStatus() === 'MOUNTED') void parcel.unmount();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  return <span ref={host} data-parcel={id} />;
}
