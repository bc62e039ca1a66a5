import { createRoot, type Root } from 'react-dom/client';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { cart as cartTexts } from '@shop/shared/i18n/cart';
import { Button } from '@shop/shared/ui';
import { cartStore } from '@shop/shared/stores';
import { badgeCount } from '@shop/shared/domain/cart';
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

/** What a remote's area shows when the remote cannot be loaded. */
export function fallbackAreaApp(appName: string) {
  return staticLifecycles(() => (
    <div role="alert" data-testid={`remote-fallback-${appName}`} style={{ maxWidth: 560, margin: '48px auto', padding: 24, textAlign: 'center' }}>
      <h2 style={{ marginTop: 0 }}>{shellTexts.remoteUnavailableTitle}</h2>
      <p>{shellTexts.remoteUnavailableText}</p>
      <Button onClick={() => window.location.reload()}>{shellTexts.retry}</Button>
    </div>
  ));
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
