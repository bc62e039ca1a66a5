import { useEffect, useMemo, useState } from 'react';
import type { Menu } from '@shop/shared/contract';
import { hideItemsWithAllergens } from '@shop/shared/domain/allergens';
import { visibleMenu } from '@shop/shared/domain/menu-visibility';
import { useStore } from '@shop/shared/react';
import { drinkMenuStore, ensureMenu, foodMenuStore, refreshMenu } from '@shop/shared/stores';
import { preferencesStore } from '@shop/shared/stores/preferences';
import { useShopClock } from './clock';
import { useMenuShopContext, type MenuShopContext } from './shop-context';

export type MenuKind = 'food' | 'drink';

export interface MenuView {
  readonly status: 'loading' | 'error' | 'ready';
  /** The menu as the guest sees it: visibility rules and the allergen filter applied. */
  readonly menu: Menu;
  /** Visible menu before the allergen filter. */
  readonly visible: Menu;
  /** The menu as the server sent it (every category and item, for images and names only). */
  readonly raw: Menu;
  /** Items the allergen filter hides. */
  readonly hiddenByAllergens: number;
  readonly excluded: readonly string[];
  readonly context: MenuShopContext;
  readonly retry: () => void;
}

function countItems(menu: Menu): number {
  return menu.reduce((n, c) => n + c.items.length, 0);
}

/**
 * A menu as the guest sees it now. Cached menus show at once; the server copy follows. Background
 * pulls and server events update the store, and the screens re-render without a page reload.
 */
export function useMenuView(kind: MenuKind): MenuView {
  const store = kind === 'food' ? foodMenuStore : drinkMenuStore;
  const data = useStore(store);
  const context = useMenuShopContext();
  const clock = useShopClock();
  const prefs = useStore(preferencesStore);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    (attempt === 0 ? ensureMenu(kind) : refreshMenu(kind)).then(
      (result) => alive && !result && setFailed(true),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [kind, attempt]);

  const excluded = prefs.allergenes;
  const visible = useMemo(
    () =>
      data
        ? visibleMenu(data.menu, {
            clock,
            mode: context.mode,
            store: context.storeId,
            globalExtras: context.appconfig?.globalExtras,
          })
        : [],
    [data, clock, context.mode, context.storeId, context.appconfig?.globalExtras],
  );
  const menu = useMemo(() => hideItemsWithAllergens(visible, excluded), [visible, excluded]);

  return {
    status: data ? 'ready' : failed ? 'error' : 'loading',
    menu,
    visible,
    raw: data?.menu ?? [],
    hiddenByAllergens: countItems(visible) - countItems(menu),
    excluded,
    context,
    retry: () => setAttempt((n) => n + 1),
  };
}
