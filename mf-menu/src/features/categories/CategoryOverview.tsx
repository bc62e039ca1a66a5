import { useEffect } from 'react';
import { navigateToUrl } from 'single-spa';
import type { MenuCategory } from '@shop/shared/contract';
import { formatEuro } from '@shop/shared/domain/money';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { Link } from '@shop/shared/react';
import { pathTo } from '@shop/shared/routes';
import { Button, Page, Skeleton } from '@shop/shared/ui';
import { MenuImage } from '../../components/MenuImage';
import { AllergenFilterBar } from '../allergens/AllergenFilterBar';
import { useMenuView, type MenuKind } from '../../data/menu-data';
import { categoryFromPrice } from '../../data/prices';
import { setJumpFlag } from '../../data/jump';
import common from '../../components/components.module.css';
import css from './categories.module.css';
import { aboveFold } from '../../components/above-fold';

function listRoute(kind: MenuKind) {
  return kind === 'food' ? ('SpeisenProdukte' as const) : ('GetraenkeProdukte' as const);
}

/** Where a category card leads: a drink category with one item and no section goes straight to that drink. */
export function categoryTarget(kind: MenuKind, category: MenuCategory): string {
  const only = category.items.length === 1 ? category.items[0] : undefined;
  if (kind === 'drink' && only && !only.section) return pathTo('Getraenk', { itemId: only.id });
  return pathTo(listRoute(kind), { catname: category.id });
}

export function CategorySkeletons({ count = 6 }: { count?: number }) {
  return (
    <div className={common.grid} data-testid="category-skeletons" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={common.cell}>
          <Skeleton height={190} />
        </div>
      ))}
    </div>
  );
}

export function DisabledMenu({ kind }: { kind: MenuKind }) {
  return (
    <div className={common.stateBox} data-testid="menu-disabled">
      <p className={common.stateTitle}>{kind === 'food' ? de.menu.foodMenuDisabled : de.menu.drinkMenuDisabled}</p>
      <p>{de.menu.tryLater}</p>
    </div>
  );
}

/** A failed load says what failed: the menu by default, a content page where one was asked for. */
export function LoadFailed({ onRetry, what = 'menu' }: { onRetry: () => void; what?: 'menu' | 'page' }) {
  return (
    <div className={common.stateBox} role="alert" data-testid={what === 'menu' ? 'menu-error' : 'page-error'}>
      <p className={common.stateTitle}>{what === 'menu' ? de.menu.loadError : de.menu.pageLoadError}</p>
      <p>{de.menu.tryLater}</p>
      <Button onClick={onRetry}>{de.shell.retry}</Button>
    </div>
  );
}

export function CategoryCard({
  kind,
  category,
  mode,
  aboveFold = false,
}: {
  kind: MenuKind;
  category: MenuCategory;
  mode: Parameters<typeof categoryFromPrice>[1];
  aboveFold?: 'first' | boolean;
}) {
  const count = category.items.length;
  const target = categoryTarget(kind, category);
  return (
    <a
      href={target}
      className={css.card}
      data-testid="category-card"
      data-category={category.id}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        setJumpFlag(category.id);
        navigateToUrl(target);
      }}
    >
      <MenuImage
        src={category.image ?? category.items[0]?.image}
        alt=""
        className={css.cardImage}
        eager={Boolean(aboveFold)}
        priority={aboveFold === 'first'}
      />
      <span className={css.cardBody}>
        <span className={css.cardTitle}>{category.categoryDE}</span>
        {category.descriptionDE ? <span className={css.cardText}>{category.descriptionDE}</span> : null}
        <span className={css.cardMeta}>
          <span>{count === 1 ? de.menu.itemCountOne : fill(de.menu.itemCount, { count })}</span>
          <span className={css.cardPrice}>{fill(de.menu.fromPrice, { price: formatEuro(categoryFromPrice(category, mode)) })}</span>
        </span>
      </span>
    </a>
  );
}

/**
 * Food (Speisen, catname 'all' or missing) and drink (Getraenke) category overview (requirements#screens):
 * cards only for categories with items, skeletons while loading, the deactivated texts for an
 * empty menu, and a shortcut straight to the only category.
 */
export function CategoryOverview({ kind }: { kind: MenuKind }) {
  const view = useMenuView(kind);
  const { menu, status } = view;
  const route = kind === 'food' ? 'Speisen' : 'Getraenke';
  const only = status === 'ready' && menu.length === 1 ? menu[0] : undefined;

  useEffect(() => {
    // If exactly one category has items, a shortcut goes straight to it.
    if (only) window.history.replaceState(window.history.state, '', categoryTarget(kind, only));
    if (only) window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, [only, kind]);

  return (
    <Page title={kind === 'food' ? de.menu.foodTitle : de.menu.drinksTitle} testId={`${route.toLowerCase()}-overview`}>
      <div className={css.topRow}>
        <AllergenFilterBar view={view} />
        <Link to={kind === 'food' ? 'Getraenke' : 'Speisen'} params={{ catname: 'all' }} className={css.switchLink}>
          {kind === 'food' ? de.menu.toDrinks : de.menu.toFood}
        </Link>
      </div>
      {status === 'loading' ? <CategorySkeletons /> : null}
      {status === 'error' ? <LoadFailed onRetry={view.retry} /> : null}
      {status === 'ready' && menu.length === 0 ? <DisabledMenu kind={kind} /> : null}
      {status === 'ready' && menu.length > 0 ? (
        <div className={common.grid} data-testid="category-grid">
          {menu.map((category, index) => (
            <div key={category.id} className={common.cell}>
              <CategoryCard kind={kind} category={category} mode={view.context.mode} aboveFold={aboveFold(index)} />
            </div>
          ))}
        </div>
      ) : null}
    </Page>
  );
}
