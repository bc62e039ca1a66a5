import { navigateToUrl } from 'single-spa';
import { Icon, ModalDialog, type IconName } from '@shop/shared/ui';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { pathTo, type RouteName } from '@shop/shared/routes';
import { authStore, orderModeStore, tableStore } from '@shop/shared/stores';
import { ask, emit } from '@shop/shared/bus';
import { useStore } from '@shop/shared/react';
import { deviceClass } from '@shop/shared/domain/shop-constants';
import { fill } from '@shop/shared/i18n/fill';
import { overlays as overlayTexts } from '@shop/shared/i18n/overlays';
import { useUnreadNews } from '../data/news-badge';
import type { ShopContext } from '../data/shop-context';
import { installApp, shareApp } from './app-actions';
import css from './layout.module.css';

interface Entry {
  key: string;
  icon: IconName;
  label: string;
  show: boolean;
  to?: RouteName;
  params?: Record<string, string>;
  run?: () => void | Promise<void>;
  /** A count shown at the entry (unread news). */
  badge?: number;
}

/**
 * Side drawer (requirements#shell): the shop's dialog primitive as a sheet from the left edge, so
 * focus moves in and stays, Escape and a tap beside it close it, and focus returns to the menu button.
 */
export function Drawer({ context, onClose }: { context: ShopContext; onClose: () => void }) {
  const user = useStore(authStore);
  const unread = useUnreadNews(context.features.enableNews);

  const switchToTakeaway = async () => {
    if (await ask(shellTexts.drawerModeTakeaway, { text: shellTexts.switchToTakeawayQuestion })) {
      tableStore.reset();
      orderModeStore.set('takeaway');
      emit('shell:overlay', { kind: 'snackbar', text: shellTexts.switchedToTakeaway });
    }
  };

  const f = context.features;
  const main: Entry[] = [
    { key: 'home', icon: 'home', label: shellTexts.drawerHome, show: true, to: 'Home' },
    // Accounts can be switched off (enableAccount); a signed-in user still reaches their account.
    { key: 'account', icon: 'person', label: shellTexts.drawerAccount, show: f.enableAccount || user !== null, to: user ? 'Account' : 'Anmelden' },
    { key: 'assortment', icon: 'grid', label: shellTexts.drawerAssortment, show: true, to: 'Sortiment' },
    { key: 'favs', icon: 'heart', label: shellTexts.drawerFavourites, show: f.enableFavs, to: 'Favoriten' },
    { key: 'news', icon: 'news', label: shellTexts.drawerNews, show: f.enableNews, to: 'Aktuelles', badge: unread },
    { key: 'orders', icon: 'history', label: shellTexts.drawerOrders, show: true, to: 'Bestellungen' },
    { key: 'waiter', icon: 'bell', label: shellTexts.drawerWaiterCall, show: context.inhouse && f.enableKellnerruf, to: 'Kellnerruf' },
    { key: 'allergens', icon: 'warning', label: shellTexts.drawerAllergens, show: true, to: 'Allergene' },
    {
      key: 'mode',
      icon: 'swap',
      label: shellTexts.drawerModeTakeaway,
      // Hidden on the medium device class (requirements#screens); offered while at a table.
      show: context.inhouse && deviceClass(window.innerWidth) !== 'md',
      run: switchToTakeaway,
    },
    {
      key: 'mode-inhouse',
      icon: 'swap',
      label: shellTexts.drawerModeInhouse,
      show: !context.inhouse && context.inhouseOrdering && deviceClass(window.innerWidth) !== 'md',
      run: () => emit('shell:table-dialog', {}),
    },
    { key: 'install', icon: 'install', label: shellTexts.drawerInstall, show: f.showInstallPwa, run: installApp },
    { key: 'share', icon: 'share', label: shellTexts.drawerShare, show: true, run: shareApp },
    {
      key: 'referral',
      icon: 'gift',
      label: overlayTexts.drawerReferral,
      show: context.referralPrograms > 0,
      run: () => emit('shell:referral', {}),
    },
    { key: 'payment', icon: 'card', label: shellTexts.drawerPaymentMethods, show: user !== null, to: 'Zahlungsmittel' },
  ];
  const info: Entry[] = [
    { key: 'imprint', icon: 'info', label: shellTexts.drawerImprint, show: true, to: 'Impressum' },
    { key: 'cookies', icon: 'info', label: shellTexts.drawerCookies, show: true, to: 'Cookies' },
    { key: 'privacy', icon: 'info', label: shellTexts.drawerPrivacy, show: true, to: 'Datenschutz' },
    { key: 'terms', icon: 'info', label: shellTexts.drawerTerms, show: true, to: 'AGB' },
    { key: 'reload', icon: 'reload', label: shellTexts.drawerReload, show: true, run: () => window.location.reload() },
  ];

  const activate = (entry: Entry) => {
    // Close first: the navigation guard cancels navigations while the drawer is open.
    onClose();
    if (entry.to) navigateToUrl(pathTo(entry.to, entry.params));
    else void entry.run?.();
  };

  const renderList = (entries: Entry[]) => (
    <ul className={css.drawerList}>
      {entries
        .filter((e) => e.show)
        .map((e) => (
          <li key={e.key}>
            {e.to ? (
              <a
                className={css.drawerItem}
                href={pathTo(e.to, e.params)}
                onClick={(ev) => {
                  ev.preventDefault();
                  activate(e);
                }}
              >
                <Icon name={e.icon} />
                {e.label}
                {e.badge ? (
                  <span className={css.drawerBadge} data-testid={`drawer-badge-${e.key}`}>
                    <span className={css.srOnly}>{fill(shellTexts.newsUnread, { count: e.badge })}: </span>
                    {e.badge}
                  </span>
                ) : null}
              </a>
            ) : (
              <button type="button" className={css.drawerItem} onClick={() => activate(e)} data-testid={`drawer-${e.key}`}>
                <Icon name={e.icon} />
                {e.label}
              </button>
            )}
          </li>
        ))}
    </ul>
  );

  return (
    // The shell's layers know the drawer already (layers.drawer): the guard closes it on navigation.
    <ModalDialog title={shellTexts.menu} hideTitle onClose={onClose} variant="side" navigationGuard={false} testId="drawer">
      <div className={css.drawerHead}>
        <span aria-hidden="true">{shellTexts.shopName.toUpperCase()}</span>
        <button type="button" className={css.iconButton} onClick={onClose} aria-label={shellTexts.closeMenu} data-testid="drawer-close">
          <Icon name="close" />
        </button>
      </div>
      <nav aria-label={shellTexts.menu}>
        {renderList(main)}
        <div className={css.drawerGroup}>{shellTexts.drawerInfo}</div>
        {renderList(info)}
      </nav>
    </ModalDialog>
  );
}
