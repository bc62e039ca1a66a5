import { useState } from 'react';
import { Icon, type IconName } from '@shop/shared/ui';
import { Link, useStore } from '@shop/shared/react';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { matchRoute, type RouteName } from '@shop/shared/routes';
import { cartStore } from '@shop/shared/stores';
import { fill } from '@shop/shared/i18n/fill';
import { cartBadge } from '@shop/shared/i18n/cart-badge';
import { useUnreadNews } from '../data/news-badge';
import type { ShopContext } from '../data/shop-context';
import { RemoteParcel } from './RemoteParcel';
import css from './layout.module.css';

interface NavEntry {
  to: RouteName;
  params?: Record<string, string>;
  icon: IconName;
  label: string;
  show: boolean;
  /** A count shown on the icon (unread news). */
  badge?: number;
}

/**
 * The empty cart's badge, drawn by the shell while the cart's widgets are not loaded (ADR 0036: a
 * shell page with an empty cart): the icon leading to the cart, as mf-cart's badge shows it without
 * lines, and nothing that counts.
 */
function EmptyCartBadge() {
  return (
    <Link to="Korb" className={css.iconButton} aria-label={fill(cartBadge.cartAria, { count: 0 })} data-testid="cart-badge-stand-in">
      <Icon name="cart" />
    </Link>
  );
}

/**
 * Header bar (requirements#shell): home, waiter call, news, food, drinks, history, cart with badge.
 * `cartWidgets`: mf-cart's badge is loaded (federation/cart-widgets.ts); until it shows, the shell's
 * empty badge holds its place for an empty cart (a cart with lines waits for the real count).
 */
export function Header({ pathname, context, onMenu, cartWidgets }: { pathname: string; context: ShopContext; onMenu: () => void; cartWidgets: boolean }) {
  const current = matchRoute(pathname)?.name;
  const [badgeShown, setBadgeShown] = useState(false);
  const cartEmpty = useStore(cartStore).length === 0;
  const unread = useUnreadNews(context.features.enableNews);
  const entries: NavEntry[] = [
    { to: 'Home', icon: 'home', label: shellTexts.navHome, show: true },
    { to: 'Kellnerruf', icon: 'bell', label: shellTexts.navWaiterCall, show: context.inhouse && context.features.enableKellnerruf },
    { to: 'Aktuelles', icon: 'news', label: shellTexts.navNews, show: context.features.enableNews, badge: unread },
    { to: 'Speisen', params: { catname: 'all' }, icon: 'food', label: shellTexts.navFood, show: true },
    { to: 'Getraenke', params: { catname: 'all' }, icon: 'drinks', label: shellTexts.navDrinks, show: true },
    { to: 'Bestellungen', icon: 'history', label: shellTexts.navHistory, show: true },
  ];
  const shown = entries.filter((e) => e.show);
  // Every icon keeps its 44 px; on a narrow phone the name gives way (the home icon leads home too).
  const brandClass = [css.brand, shown.length > 5 ? css.brandCrowded : shown.length > 4 ? css.brandTight : ''].join(' ');
  return (
    <header className={css.header} data-fixed-layer="top">
      <nav className={css.headerInner} aria-label="Hauptnavigation">
        <button type="button" className={css.iconButton} onClick={onMenu} aria-label={shellTexts.menu} data-testid="drawer-open">
          <Icon name="menu" />
        </button>
        <Link to="Home" className={brandClass}>
          {shellTexts.shopName.toUpperCase()}
        </Link>
        <span className={css.spacer} />
        {shown.map((e) => (
          <Link
            key={e.to}
            to={e.to}
            params={e.params}
            className={[css.iconButton, current === e.to ? css.active : ''].join(' ')}
            // With a badge the name comes from the content, so it holds the visible count (WCAG 2.5.3).
            aria-label={e.badge ? undefined : e.label}
            title={e.label}
            aria-current={current === e.to ? 'page' : undefined}
          >
            <Icon name={e.icon} />
            {e.badge ? (
              <>
                <span className={css.srOnly}>{`${e.label}, `}</span>
                <span className={css.badge} data-testid="news-badge">
                  <span className={css.srOnly}>{fill(shellTexts.newsUnread, { count: e.badge })}</span>
                  <span aria-hidden="true">{e.badge}</span>
                </span>
              </>
            ) : null}
          </Link>
        ))}
        <span className={css.cartSlot} data-testid="cart-badge-slot">
          {badgeShown || !cartEmpty ? null : <EmptyCartBadge />}
          {cartWidgets ? <RemoteParcel id="mf_cart/cart-badge" onMounted={() => setBadgeShown(true)} /> : null}
        </span>
      </nav>
    </header>
  );
}
