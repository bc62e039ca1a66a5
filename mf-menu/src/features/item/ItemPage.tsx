import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { MenuCategory, MenuItem, ProductLine } from '@shop/shared/contract';
import { isAlcoholic, selectionSubstances, substanceSummary, passesAllergenFilter, truthfulDietSubstances } from '@shop/shared/domain/allergens';
import { basePrice } from '@shop/shared/domain/base-price';
import { finalSelection, initialConfig, type ItemConfig } from '@shop/shared/domain/configurator';
import { matchedCombination, pfandOf, priceSelection } from '@shop/shared/domain/line-pricing';
import { findMenuItem } from '@shop/shared/domain/menu-visibility';
import { formatEuro } from '@shop/shared/domain/money';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { Link, usePageTitle, useStore } from '@shop/shared/react';
import { cartStore, offersStore } from '@shop/shared/stores';
import { Empty, Icon, Notice, Skeleton, buttonClass } from '@shop/shared/ui';
import { Badges } from '../../components/Badges';
import { BackButton } from '../../components/BackButton';
import { useAfterFirstPaint } from '../../data/after-first-paint';
import { useDeviceClass } from '../../data/device';
import { useMenuView, type MenuKind } from '../../data/menu-data';
import { fromPrice, oldPrice, sizeShownPrice } from '../../data/prices';
import { LoadFailed } from '../categories/CategoryOverview';
import { FavouriteHeart } from '../favourites/FavouriteHeart';
import { ProductCard } from '../products/ProductCard';
import { CartSidePanel } from './CartSidePanel';
import { Gallery } from './Gallery';
import { FeatureGroups, InfoPanels } from './InfoPanels';
import { OrderPanel } from './OrderPanel';
import common from '../../components/components.module.css';
import css from './item.module.css';

const MORE_ITEMS = 6;

function Facts({ item }: { item: MenuItem }) {
  const facts: string[] = [];
  if (item.gramm) facts.push(fill(de.menu.weight, { gramm: item.gramm }));
  if (item.cmRatio) facts.push(fill(de.menu.grainRatio, { ratio: item.cmRatio }));
  if (item.days?.length && item.days.length < 7) {
    facts.push(
      fill(de.menu.availableDays, {
        days: [...item.days]
          .sort()
          .map((d) => de.menu.weekdaysShort[d - 1])
          .join(', '),
      }),
    );
  }
  if (facts.length === 0) return null;
  return (
    <ul className={css.facts} data-testid="item-facts">
      {facts.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}

function Description({ item, tabs }: { item: MenuItem; tabs: boolean }) {
  const [tab, setTab] = useState<'description' | 'details'>('description');
  const hasDetails = Boolean(item.itemDetails || item.merkmalgruppen?.length);
  if (!tabs || !hasDetails) {
    return (
      <>
        <p className={css.description} data-testid="item-description">
          {item.descriptionDE}
        </p>
        {item.itemDetails ? <p className={css.description}>{item.itemDetails}</p> : null}
      </>
    );
  }
  // Tabs Beschreibung/Details on the wide layout.
  return (
    <div>
      <div className={css.tabs} role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'description'}
          className={[css.tab, tab === 'description' ? css.tabOn : ''].join(' ')}
          onClick={() => setTab('description')}
        >
          {de.menu.tabDescription}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'details'}
          className={[css.tab, tab === 'details' ? css.tabOn : ''].join(' ')}
          onClick={() => setTab('details')}
        >
          {de.menu.tabDetails}
        </button>
      </div>
      {tab === 'description' ? (
        <p className={css.description} data-testid="item-description">
          {item.descriptionDE}
        </p>
      ) : (
        <div role="tabpanel">
          {item.itemDetails ? <p className={css.description}>{item.itemDetails}</p> : null}
          <FeatureGroups item={item} />
        </div>
      )}
    </div>
  );
}

export function ItemDetail({
  item,
  category,
  kind,
  view,
  editLine,
  editMissing,
}: {
  item: MenuItem;
  category: MenuCategory;
  kind: MenuKind;
  view: ReturnType<typeof useMenuView>;
  editLine: ProductLine | undefined;
  editMissing: boolean;
}) {
  const device = useDeviceClass();
  const [config, setConfig] = useState<ItemConfig>(() => initialConfig(item));
  const mode = view.context.mode;
  const size = item.sizes.find((s) => s.vol === config.vol) ?? item.sizes[0]!;
  const priced = priceSelection(item, finalSelection(config), mode);
  // The base price after a combination or replaceArticle choice; before any choice the lowest possible price.
  // The chosen combination by id, never by price (docs/requirements.md#sums): its strike price belongs to it.
  const combination = matchedCombination(item, finalSelection(config));
  const undecided = priced.sizePrice === 0 || (item.extras.combinations.length > 0 && !combination);
  const offers = useStore(offersStore);
  const shown = undecided ? null : sizeShownPrice(item, size.vol, priced.sizePrice, mode, offers, Date.now());
  const price = shown ? shown.price : fromPrice(item, mode);
  const old = shown?.offer ? shown.old : (combination?.streichPreis ?? oldPrice(item, size.vol));
  // The unit price belongs to the price shown next to it: this mode's, under an offer the offer's (PAngV).
  const pfand = pfandOf(item, size.vol);
  const unitBase = undecided ? null : basePrice(item, size.vol, price);
  const codes = useMemo(() => selectionSubstances(item, config), [item, config]);
  const images = [item.image, ...(item.moreImages ?? [])].filter((s): s is string => Boolean(s));
  // "Weitere Speisen" honours the allergen filter like every list (docs/requirements.md#item-configuration).
  const more = category.items.filter((i) => i.id !== item.id && passesAllergenFilter(i, view.excluded)).slice(0, MORE_ITEMS);
  const wide = device === 'md';
  const summary = item.ticket ? '' : substanceSummary(codes);
  // The info panels and the other items lie below the fold: rendered after the page has shown.
  const belowFold = useAfterFirstPaint();

  return (
    <div className={css.page} data-testid="item-page" data-item-id={item.id}>
      <div className={css.topBar}>
        <BackButton
          route={kind === 'food' ? 'Speise' : 'Getraenk'}
          fallback={kind === 'food' ? 'SpeisenProdukte' : 'GetraenkeProdukte'}
          fallbackParams={{ catname: category.id }}
        />
      </div>
      {editLine ? (
        <div className={css.editing}>
          <Notice testId="editing-notice">{de.menu.editingLine}</Notice>
        </div>
      ) : editMissing ? (
        <div className={css.editing}>
          <Notice testId="editing-missing">{de.menu.lineNotFound}</Notice>
        </div>
      ) : null}
      <div className={css.layout}>
        <div>
          <div className={css.main}>
            <Gallery images={images} alt={item.nameToDisplay ?? item.nameDE} />
            <div className={css.info}>
              <div className={css.titleRow}>
                <h1 className={css.title}>{item.nameToDisplay ?? item.nameDE}</h1>
                {view.context.features.enableFavs ? <FavouriteHeart item={item} kind={kind} config={config} /> : null}
              </div>
              <Badges item={{ neu: item.neu, substances: truthfulDietSubstances(item, codes) }} />
              <div className={css.priceLine} data-testid="item-price">
                {old !== undefined && old > price ? <span className={css.priceOld}>{formatEuro(old)}</span> : null}
                <span className={css.price}>{undecided ? fill(de.menu.fromPrice, { price: formatEuro(price) }) : formatEuro(price)}</span>
                <span className={css.priceNote}>
                  {de.menu.inclVat}
                  {unitBase ? (
                    <span data-testid="item-base-price">
                      {' · '}
                      {fill(unitBase.per === 'kg' ? de.menu.perKilo : de.menu.perLitre, { price: formatEuro(unitBase.price) })}
                    </span>
                  ) : null}
                  {pfand > 0 ? (
                    <span data-testid="item-pfand">
                      {' · '}
                      {fill(de.menu.pfandNote, { price: formatEuro(pfand) })}
                    </span>
                  ) : null}
                </span>
              </div>
              <Facts item={item} />
              {isAlcoholic(item) ? (
                <p className={css.alcohol} data-testid="alcohol-note">
                  <Icon name="warning" size={18} />
                  {de.menu.alcoholNote}
                </p>
              ) : null}
              <Description item={item} tabs={wide} />
              {summary ? <p className={css.allergenLine}>{summary}</p> : null}
              <div className={css.panelCard}>
                <OrderPanel
                  key={`${item.id}:${editLine?.cartItemId ?? ''}`}
                  item={item}
                  category={category}
                  context={view.context}
                  editLine={editLine}
                  onConfigChange={setConfig}
                />
              </div>
            </div>
          </div>
          <div className={css.section}>
            {belowFold ? <InfoPanels item={item} codes={codes} /> : null}
            {!wide && item.merkmalgruppen?.length ? (
              <div className={css.section}>
                <FeatureGroups item={item} />
              </div>
            ) : null}
          </div>
          <div className={css.pageActions}>
            <BackButton
              route={kind === 'food' ? 'Speise' : 'Getraenk'}
              fallback={kind === 'food' ? 'SpeisenProdukte' : 'GetraenkeProdukte'}
              fallbackParams={{ catname: category.id }}
            />
          </div>
          {belowFold && more.length > 0 ? (
            <section className={css.section} data-testid="more-items">
              <h2 className={css.sectionTitle}>{kind === 'food' ? de.menu.moreFood : de.menu.moreDrinks}</h2>
              <div className={common.grid}>
                {more.map((other) => (
                  <div key={other.id} className={common.cell}>
                    <ProductCard item={other} category={category} kind={kind} view={view} noInline />
                  </div>
                ))}
              </div>
            </section>
          ) : null}
        </div>
        {wide ? <CartSidePanel /> : null}
      </div>
    </div>
  );
}

/** Speise / Getraenk (requirements#screens): the item detail; query cartItemId edits an existing cart line. */
export function ItemPage({ kind }: { kind: MenuKind }) {
  const { itemId = '' } = useParams();
  const [search] = useSearchParams();
  const cartItemId = search.get('cartItemId') ?? undefined;
  const view = useMenuView(kind);
  const cart = useStore(cartStore);
  const found = useMemo(() => findMenuItem(view.visible, itemId), [view.visible, itemId]);
  const editLine = cartItemId
    ? cart.find((l): l is ProductLine & { kind: 'product' } => l.kind === 'product' && l.cartItemId === cartItemId && l.id === itemId)
    : undefined;
  usePageTitle(found ? (found.item.nameToDisplay ?? found.item.nameDE) : undefined);

  if (view.status === 'loading') {
    return (
      <div className={css.page} aria-busy="true" data-testid="item-loading">
        <Skeleton height={280} />
        <div style={{ height: 16 }} />
        <Skeleton height={160} />
      </div>
    );
  }
  if (view.status === 'error') return <LoadFailed onRetry={view.retry} />;
  if (!found) {
    return (
      <div className={css.page}>
        <Empty testId="item-not-found">
          <h1>{de.menu.itemNotFound}</h1>
          <Link to={kind === 'food' ? 'Speisen' : 'Getraenke'} params={{ catname: 'all' }} className={buttonClass()}>
            {de.menu.toAllCategories}
          </Link>
        </Empty>
      </div>
    );
  }
  return (
    <ItemDetail
      key={found.item.id}
      item={found.item}
      category={found.category}
      kind={kind}
      view={view}
      editLine={editLine}
      editMissing={Boolean(cartItemId) && !editLine}
    />
  );
}
