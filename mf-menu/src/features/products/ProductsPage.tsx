import { useMemo, useState } from 'react';
import type { Menu } from '@shop/shared/contract';
import { de } from '../../texts';
import { Empty, Page, Skeleton } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { AllergenFilterBar } from '../allergens/AllergenFilterBar';
import { useMenuView, type MenuKind, type MenuView } from '../../data/menu-data';
import { ProductCard } from './ProductCard';
import common from '../../components/components.module.css';
import css from './products.module.css';
import { aboveFold } from '../../components/above-fold';

function matches(text: string, query: string): boolean {
  return text.toLowerCase().includes(query);
}

function filterMenu(menu: Menu, query: string): Menu {
  if (!query) return menu;
  return menu.flatMap((c) => {
    const items = c.items.filter((i) => matches(`${i.nameDE} ${i.nameToDisplay ?? ''} ${i.descriptionDE} ${c.categoryDE}`, query));
    return items.length > 0 ? [{ ...c, items }] : [];
  });
}

function Group({ kind, view, menu }: { kind: MenuKind; view: MenuView; menu: Menu }) {
  return (
    <>
      {menu.map((category, categoryIndex) => (
        <section key={category.id}>
          <h2 className={css.groupTitle}>{category.categoryDE}</h2>
          <div className={common.grid}>
            {category.items.map((item, index) => (
              <div key={item.id} className={common.cell}>
                <ProductCard item={item} category={category} kind={kind} view={view} aboveFold={categoryIndex === 0 ? aboveFold(index) : false} />
              </div>
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

/** Produkte: every product, searchable, with the allergen filter. Back goes to Sortiment. */
export function ProductsPage() {
  const food = useMenuView('food');
  const drinks = useMenuView('drink');
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const foodMenu = useMemo(() => filterMenu(food.menu, q), [food.menu, q]);
  const drinkMenu = useMemo(() => filterMenu(drinks.menu, q), [drinks.menu, q]);
  const loading = food.status === 'loading' || drinks.status === 'loading';
  return (
    <Page title={de.menu.productsTitle} testId="products">
      <BackButton route="Produkte" />
      <div style={{ height: 12 }} />
      <input
        type="search"
        className={css.search}
        placeholder={de.menu.searchPlaceholder}
        aria-label={de.menu.searchLabel}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="product-search"
      />
      <AllergenFilterBar view={food} />
      {loading ? <Skeleton height={300} /> : null}
      {!loading && foodMenu.length + drinkMenu.length === 0 ? <Empty testId="no-results">{de.menu.noSearchResults}</Empty> : null}
      <Group kind="food" view={food} menu={foodMenu} />
      <Group kind="drink" view={drinks} menu={drinkMenu} />
    </Page>
  );
}
