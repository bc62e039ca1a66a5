import { useEffect, useRef, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { badgeCount } from '@shop/shared/domain/cart-count';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { emit } from '@shop/shared/bus';
import { cart as texts } from '@shop/shared/i18n/cart';
import { fill } from '@shop/shared/i18n/fill';
import { createRemoteApp, useStore } from '@shop/shared/react';
import { matchRoute, pathTo } from '@shop/shared/routes';
import { cartStore } from '@shop/shared/stores';
// One icon, not the whole set (requirements#performance: the badge is in every first load).
import { CART_ICON_PATH } from '@shop/shared/ui/cart-icon-path';
import { PathIcon } from '@shop/shared/ui/path-icon';
import { startCartServices } from '../data/services';
import css from './widgets.module.css';

/** Cart icon with item badge for the shell header (count excludes special and stempel- ids). */
export function CartBadge() {
  useEffect(() => startCartServices(), []);
  const count = badgeCount(useStore(cartStore));
  const [bump, setBump] = useState(false);
  const last = useRef(count);
  useEffect(() => {
    if (count > last.current) {
      setBump(true);
      const timer = window.setTimeout(() => setBump(false), SHOP_CONSTANTS.cartBadgeAnimationMs);
      last.current = count;
      return () => window.clearTimeout(timer);
    }
    last.current = count;
    return undefined;
  }, [count]);

  const open = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (matchRoute(window.location.pathname)?.name === 'Korb') {
      emit('shell:overlay', { kind: 'snackbar', text: texts.alreadyInCart });
      return;
    }
    navigateToUrl(pathTo('Korb'));
  };

  return (
    <a href={pathTo('Korb')} onClick={open} className={css.badgeLink} aria-label={fill(texts.cartAria, { count })} data-testid="cart-badge">
      <PathIcon d={CART_ICON_PATH} />
      {count > 0 ? (
        <span className={[css.badge, bump ? css.bump : ''].join(' ')} data-testid="cart-badge-count">
          {count}
        </span>
      ) : null}
    </a>
  );
}

export const { bootstrap, mount, unmount } = createRemoteApp('mf_cart', CartBadge);
