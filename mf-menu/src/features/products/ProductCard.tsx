import { useState } from 'react';
import { navigateToUrl } from 'single-spa';
import type { MenuCategory, MenuItem } from '@shop/shared/contract';
import { isBuyable, isSoldOut } from '@shop/shared/domain/add-to-cart-rules';
import { allergenVerdict, possibleSubstances, truthfulDietSubstances } from '@shop/shared/domain/allergens';
import { formatEuro } from '@shop/shared/domain/money';
import { pfandOf } from '@shop/shared/domain/line-pricing';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { useStore } from '@shop/shared/react';
import { pathTo } from '@shop/shared/routes';
import { offersStore } from '@shop/shared/stores';
import { Icon } from '@shop/shared/ui';
import { Badges, Heat } from '../../components/Badges';
import { MenuImage } from '../../components/MenuImage';
import { useDeviceClass } from '../../data/device';
import type { MenuKind, MenuView } from '../../data/menu-data';
import { cardPrice, hasVariablePrice } from '../../data/prices';
import { FavouriteHeart } from '../favourites/FavouriteHeart';
import { OrderPanel } from '../item/OrderPanel';
import css from './products.module.css';

export function itemPath(kind: MenuKind, item: Pick<MenuItem, 'id'>): string {
  return pathTo(kind === 'food' ? 'Speise' : 'Getraenk', { itemId: item.id });
}

/**
 * A product in a category list. On small screens it expands inline with its configurator;
 * otherwise it opens the item's own page (requirements#screens Category lists).
 */
export function ProductCard({
  item,
  category,
  kind,
  view,
  noInline,
  aboveFold,
}: {
  item: MenuItem;
  category: MenuCategory;
  kind: MenuKind;
  view: Pick<MenuView, 'context' | 'excluded'>;
  noInline?: boolean;
  /** Among the first cards of the page: its image loads at once (the first one with priority). */
  aboveFold?: 'first' | boolean;
}) {
  const device = useDeviceClass();
  const [expanded, setExpanded] = useState(false);
  const mode = view.context.mode;
  const offers = useStore(offersStore);
  const { price, old, offer } = cardPrice(item, mode, offers, Date.now());
  const pfand = pfandOf(item, item.sizes[0]?.vol ?? '');
  const soldOut = isSoldOut(view.context.features.enableBestand ? item : { ...item, bestand: undefined });
  const buyable = isBuyable(item);
  const verdict = allergenVerdict(item, view.excluded);
  const inline = device === 'xxs' && !noInline;
  const href = itemPath(kind, item);
  const name = item.nameToDisplay ?? item.nameDE;

  const open = (event: React.MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    if (inline) setExpanded((e) => !e);
    else navigateToUrl(href);
  };

  return (
    <article
      className={[css.card, expanded ? css.cardExpanded : '', soldOut || !buyable ? css.cardMuted : ''].join(' ')}
      data-testid="product-card"
      data-item-id={item.id}
    >
      <a href={href} className={css.cardLink} onClick={open} aria-expanded={inline ? expanded : undefined}>
        <span className={css.media}>
          <MenuImage src={item.image} alt="" eager={Boolean(aboveFold)} priority={aboveFold === 'first'} />
          {item.neu ? <span className={css.newFlag}>{de.menu.newBadge}</span> : null}
        </span>
        <span className={css.body}>
          <span className={css.name}>
            {name} <Heat level={item.heat} />
          </span>
          <Badges item={{ substances: truthfulDietSubstances(item, possibleSubstances(item)) }} compact />
          <span className={css.text}>{item.descriptionDE}</span>
          <span className={css.bottom}>
            <span className={css.price} data-testid="product-price">
              {old !== undefined ? <s className={css.old}>{formatEuro(old)}</s> : null}
              <span data-offer={offer || undefined}>{hasVariablePrice(item) ? fill(de.menu.fromPrice, { price: formatEuro(price) }) : formatEuro(price)}</span>
              {pfand > 0 ? (
                <span className={css.text} data-testid="product-pfand">
                  {' '}
                  {fill(de.menu.pfandNote, { price: formatEuro(pfand) })}
                </span>
              ) : null}
            </span>
            {soldOut ? <span className={css.flag}>{de.menu.soldOutBadge}</span> : !buyable ? <span className={css.flag}>{de.menu.notBuyableBadge}</span> : null}
            {!soldOut && buyable ? (
              <span className={css.plus} aria-hidden="true">
                <Icon name={expanded ? 'close' : 'chevronRight'} size={20} />
              </span>
            ) : null}
          </span>
          {verdict === 'optional' ? (
            <span className={css.allergenNote} data-testid="allergen-optional">
              {fill(de.menu.allergenOptionalWarning, { list: view.excluded.join(', ') })}
            </span>
          ) : null}
        </span>
      </a>
      {view.context.features.enableFavs ? (
        <span className={css.heart}>
          <FavouriteHeart item={item} kind={kind} small />
        </span>
      ) : null}
      {inline && expanded ? (
        <div className={css.inline} data-testid="inline-panel">
          <OrderPanel item={item} category={category} context={view.context} compact />
          <a
            href={href}
            className={css.detailsLink}
            onClick={(e) => {
              e.preventDefault();
              navigateToUrl(href);
            }}
          >
            {de.menu.showDetails}
            <Icon name="chevronRight" size={18} />
          </a>
        </div>
      ) : null}
    </article>
  );
}
