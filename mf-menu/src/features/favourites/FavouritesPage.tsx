import { useEffect } from 'react';
import { favouritesOnMenu } from '@shop/shared/domain/favourites';
import { de } from '../../texts';
import { Link, useStore } from '@shop/shared/react';
import { Empty, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { useMenuView, type MenuKind, type MenuView } from '../../data/menu-data';
import { loadPreferences, preferencesStore } from '@shop/shared/stores/preferences';
import { AllergenFilterBar } from '../allergens/AllergenFilterBar';
import { ProductCard } from '../products/ProductCard';
import common from '../../components/components.module.css';
import css from './favourites.module.css';

function FavouriteGroup({ kind, view, title }: { kind: MenuKind; view: MenuView; title: string }) {
  const prefs = useStore(preferencesStore);
  const list = kind === 'food' ? prefs.favFoods : prefs.favDrinks;
  // Favourites honour the allergen filter like every list (docs/requirements.md#item-configuration).
  const byCategory = new Map(view.menu.flatMap((c) => c.items.map((i) => [i.id, c] as const)));
  const entries = favouritesOnMenu(
    list,
    view.menu.flatMap((c) => c.items),
  );
  if (entries.length === 0) return null;
  return (
    <section>
      <h2 className={css.groupTitle}>{title}</h2>
      <div className={common.grid}>
        {entries.map(({ item }) => (
          <div key={item.id} className={common.cell}>
            <ProductCard item={item} category={byCategory.get(item.id)!} kind={kind} view={view} noInline />
          </div>
        ))}
      </div>
    </section>
  );
}

/** Favoriten: the guest's favourite food and drinks, kept by device id on the server. */
export function FavouritesPage() {
  const food = useMenuView('food');
  const drinks = useMenuView('drink');
  const prefs = useStore(preferencesStore);
  useEffect(() => {
    void loadPreferences().catch(() => undefined);
  }, []);
  const enabled = food.context.features.enableFavs;
  const ids = new Set([...food.visible, ...drinks.visible].flatMap((c) => c.items.map((i) => i.id)));
  const count = [...prefs.favFoods, ...prefs.favDrinks].filter((f) => ids.has(f.id)).length;
  const shown = new Set([...food.menu, ...drinks.menu].flatMap((c) => c.items.map((i) => i.id)));
  const hiddenByFilter = [...prefs.favFoods, ...prefs.favDrinks].filter((f) => ids.has(f.id) && !shown.has(f.id)).length;
  const loading = food.status === 'loading' || drinks.status === 'loading';
  return (
    <Page title={de.menu.favouritesTitle} testId="favourites">
      <BackButton route="Favoriten" />
      <div style={{ height: 12 }} />
      {!enabled ? <Empty testId="favourites-disabled">{de.menu.favouritesDisabled}</Empty> : null}
      {enabled && loading ? <Skeleton height={220} /> : null}
      {enabled && !loading && count === 0 ? (
        <Empty testId="favourites-empty">
          <p>{de.menu.favouritesEmpty}</p>
          <p>{de.menu.favouritesHint}</p>
          <Link to="Speisen" params={{ catname: 'all' }} className={buttonClass()}>
            {de.menu.toFood}
          </Link>
        </Empty>
      ) : null}
      {enabled && !loading && food.excluded.length > 0 && count > 0 ? <AllergenFilterBar view={food} hidden={hiddenByFilter} /> : null}
      {enabled && !loading ? (
        <div className={css.list}>
          <FavouriteGroup kind="food" view={food} title={de.menu.foodTitle} />
          <FavouriteGroup kind="drink" view={drinks} title={de.menu.drinksTitle} />
        </div>
      ) : null}
    </Page>
  );
}
