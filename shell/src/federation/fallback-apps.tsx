import { createRoot, type Root } from 'react-dom/client';
import { cart as cartTexts } from '@shop/shared/i18n/cart';
import { cartStore } from '@shop/shared/stores';
import { badgeCount } from '@shop/shared/domain/cart-count';
import { pathTo } from '@shop/shared/routes';
import type { ReactNode } from 'react';

interface LifecycleProps {
  domElement?: HTMLElement;
  domElementGetter?: () => HTMLElement;
}

/** single-spa lifecycles that render a React node into the element the shell gives. */
function staticLifecycles(render: () => ReactNode) {
  let root: Root | null = null;
  return {
    bootstrap: async () => undefined,
    mount: async (props: LifecycleProps) => {
      const el = props.domElement ?? props.domElementGetter?.();
      if (!el) return;
      root = createRoot(el);
      root.render(render());
    },
    unmount: async () => {
      root?.unmount();
      root = null;
    },
  };
}

/** Cart badge stand-in when mf-cart is down: a plain link with the count from the shared cart store. */
export function fallbackCartBadge() {
  return staticLifecycles(() => {
    const count = badgeCount(cartStore.get());
    return (
      <a href={pathTo('Korb')} aria-label={cartTexts.cartAria.replace('{count}', String(count))} data-testid="cart-badge-fallback" style={{ color: 'inherit' }}>
        🛒 {count > 0 ? count : ''}
      </a>
    );
  });
}

/** Empty stand-in for widgets that can simply be absent (floating cart bar). */
export function emptyWidget() {
  return staticLifecycles(() => null);
}
