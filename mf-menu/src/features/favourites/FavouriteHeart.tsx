import { useEffect } from 'react';
import { emit } from '@shop/shared/bus';
import type { MenuItem } from '@shop/shared/contract';
import type { ItemConfig } from '@shop/shared/domain/configurator';
import { favouriteFromItem, isFavourite, toggleFavourite } from '@shop/shared/domain/favourites';
import { de } from '../../texts';
import { useStore } from '@shop/shared/react';
import { Icon } from '@shop/shared/ui';
import { loadPreferences, preferencesStore, setFavourites } from '@shop/shared/stores/preferences';
import type { MenuKind } from '../../data/menu-data';
import css from './favourites.module.css';

/** The favourite heart: toggles on and off; saved by device id on the server. */
export function FavouriteHeart({ item, kind, config, small }: { item: MenuItem; kind: MenuKind; config?: ItemConfig; small?: boolean }) {
  const prefs = useStore(preferencesStore);
  const key = kind === 'food' ? 'favFoods' : 'favDrinks';
  const on = isFavourite(prefs[key], item.id);
  useEffect(() => {
    if (!preferencesStore.get().synced) void loadPreferences().catch(() => undefined);
  }, []);
  return (
    <button
      type="button"
      className={[css.heart, on ? css.heartOn : '', small ? css.heartSmall : ''].join(' ')}
      aria-pressed={on}
      aria-label={on ? de.menu.favouriteRemove : de.menu.favouriteAdd}
      title={on ? de.menu.favouriteRemove : de.menu.favouriteAdd}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        const next = toggleFavourite(preferencesStore.get()[key], favouriteFromItem(item, config));
        setFavourites(key, next).catch(() => emit('shell:overlay', { kind: 'snackbar', text: de.menu.favouriteSaveError }));
      }}
      data-testid="favourite-heart"
    >
      <Icon name="heart" size={small ? 20 : 24} />
    </button>
  );
}
