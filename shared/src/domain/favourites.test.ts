import { describe, expect, it } from 'vitest';
import { burrito, item } from './__fixtures__/menu';
import { initialConfig } from './configurator';
import { MAX_FAVOURITES, combinePreferences, favouriteFromItem, favouritesOnMenu, isFavourite, mergeFavourites, toggleFavourite } from './favourites';

describe('favourites', () => {
  it('toggle on and off', () => {
    const fav = favouriteFromItem(burrito);
    const on = toggleFavourite([], fav);
    expect(isFavourite(on, 'burrito')).toBe(true);
    const off = toggleFavourite(on, fav);
    expect(isFavourite(off, 'burrito')).toBe(false);
    expect(off).toEqual([]);
  });

  it('remember the configuration the item was marked with', () => {
    const config = { ...initialConfig(burrito), vol: 'Large', stylesSelected: ['guac'] };
    const fav = favouriteFromItem(burrito, config);
    expect(fav).toMatchObject({ id: 'burrito', nameToDisplay: 'Burrito', vol: 'Large', stylesSelected: ['guac'] });
    expect(fav.extrasToDisplay).toContain('Guacamole');
  });

  it('keep the newest first and at most 200', () => {
    let list = Array.from({ length: MAX_FAVOURITES }, (_, i) => favouriteFromItem(item({ id: `i${i}` })));
    list = toggleFavourite(list, favouriteFromItem(item({ id: 'new' })));
    expect(list).toHaveLength(MAX_FAVOURITES);
    expect(list[0]!.id).toBe('new');
  });

  it('merge by item id, the first list winning', () => {
    const a = favouriteFromItem(burrito, { ...initialConfig(burrito), vol: 'Large' });
    const b = favouriteFromItem(burrito);
    const other = favouriteFromItem(item({ id: 'taco' }));
    const merged = mergeFavourites([a], [b, other]);
    expect(merged.map((f) => [f.id, f.vol])).toEqual([
      ['burrito', 'Large'],
      ['taco', 'standard'],
    ]);
  });

  it('combine the preferences of several documents', () => {
    const taco = favouriteFromItem(item({ id: 'taco' }));
    const combined = combinePreferences([
      { favFoods: [favouriteFromItem(burrito)], allergenes: ['G'] },
      { favFoods: [taco], favDrinks: [favouriteFromItem(item({ id: 'cola' }))], allergenes: ['A'] },
    ]);
    expect(combined.favFoods.map((f) => f.id)).toEqual(['burrito', 'taco']);
    expect(combined.favDrinks.map((f) => f.id)).toEqual(['cola']);
    expect(combined.allergenes).toEqual(['G']);
  });

  it('list only favourites whose item is still on the menu', () => {
    const list = [favouriteFromItem(item({ id: 'gone' })), favouriteFromItem(burrito)];
    expect(favouritesOnMenu(list, [burrito]).map((x) => x.item.id)).toEqual(['burrito']);
  });
});
