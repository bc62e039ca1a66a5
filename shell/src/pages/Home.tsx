import type { ReactNode } from 'react';
import { Icon, type IconName } from '@shop/shared/ui';
import { Link } from '@shop/shared/react';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { fill } from '@shop/shared/i18n/fill';
import type { RouteName } from '@shop/shared/routes';
import type { ShopContext } from '../data/shop-context';
import css from './pages.module.css';

interface Tile {
  key: string;
  label: string;
  icon: IconName;
  show: boolean;
  to?: RouteName;
  params?: Record<string, string>;
  href?: string;
  primary?: boolean;
}

function TileBody({ icon, label }: { icon: IconName; label: ReactNode }) {
  return (
    <>
      <span className={css.tileIcon}>
        <Icon name={icon} />
      </span>
      {label}
    </>
  );
}

/** Home tiles (requirements#home). */
export function Home({ context }: { context: ShopContext }) {
  const f = context.features;
  const tiles: Tile[] = [
    { key: 'stamp', label: shellTexts.tileStamp, icon: 'stamp', show: f.enableStempel, to: 'Stempelkarte' },
    { key: 'food', label: shellTexts.tileFood, icon: 'food', show: true, to: 'Speisen', params: { catname: 'all' }, primary: true },
    { key: 'drinks', label: shellTexts.tileDrinks, icon: 'drinks', show: true, to: 'Getraenke', params: { catname: 'all' } },
    { key: 'waiter', label: shellTexts.tileWaiterCall, icon: 'bell', show: context.inhouse && f.enableKellnerruf, to: 'Kellnerruf' },
    { key: 'times', label: shellTexts.tilePickupTimes, icon: 'clock', show: !context.inhouse, to: 'Abholzeiten' },
    { key: 'news', label: shellTexts.tileNews, icon: 'news', show: f.enableNews, to: 'Aktuelles' },
    { key: 'orders', label: shellTexts.tileOrders, icon: 'history', show: true, to: 'Bestellungen' },
    // Gutscheine: the voucher category, offered while the restaurant runs coupons (enableCoupons).
    { key: 'vouchers', label: shellTexts.tileVouchers, icon: 'gift', show: f.enableCoupons, to: 'Gutscheine' },
    {
      key: 'reservation',
      label: shellTexts.tileReservation,
      icon: 'calendar',
      show: true,
      ...(context.reservationUrl ? { href: context.reservationUrl } : { to: 'Tischreservierung' }),
    },
  ];
  const where = context.table ?? context.area;
  return (
    <div data-testid="home">
      <section className={css.hero}>
        <div className={css.heroInner}>
          <h1 className={css.heroTitle}>Burritos, Tacos &amp; Bowls</h1>
          <p className={css.heroText}>{shellTexts.homeGreeting}</p>
          {context.inhouse && where ? <span className={css.tableBadge}>{fill(shellTexts.homeTableMode, { table: where })}</span> : null}
        </div>
      </section>
      <nav className={css.tiles} aria-label="Startseite">
        {/* Until the app config says which tiles show, placeholders hold their places: a tile that
            appears later would push the others (requirements#performance, no layout jumps). */}
        {!context.configLoaded
          ? tiles.filter((t) => t.show).map((t) => <span key={t.key} className={`${css.tile} ${css.tilePlaceholder}`} aria-hidden="true" />)
          : null}
        {tiles
          .filter((t) => t.show && context.configLoaded)
          .map((t) => {
            const className = [css.tile, t.primary ? css.tilePrimary : ''].join(' ');
            return t.href ? (
              <a key={t.key} className={className} href={t.href} target="_blank" rel="noopener noreferrer" data-testid={`tile-${t.key}`}>
                <TileBody icon={t.icon} label={t.label} />
              </a>
            ) : (
              <Link key={t.key} className={className} to={t.to!} params={t.params} data-testid={`tile-${t.key}`}>
                <TileBody icon={t.icon} label={t.label} />
              </Link>
            );
          })}
      </nav>
    </div>
  );
}
