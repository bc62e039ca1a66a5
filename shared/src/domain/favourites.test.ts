import { describe, expect, it } from 'vitest';
import { burrito, item } from './__fixtures__/menu';
import { initialConfig } from './configurator';
import {
  MAX_FAVOURITES,
  combinePreferences,
  favouriteFromItem,
  favouritesOnMenu,
  isFavourite,
  mergeFavourites,
  toggleFavourite,
  withLocalEdits,
} from './favourites';

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

  describe('edits made while the server copy is read (a heart tapped right after the page opened)', () => {
    const fav = (id: string) => favouriteFromItem(item({ id }));
    const ids = (list: readonly { id: string }[]) => list.map((f) => f.id);
    const server = { favFoods: [fav('bowl'), fav('nachos')], favDrinks: [fav('cola')], allergenes: ['G'] };

    it('without edits the server copy stands', () => {
      const local = { favFoods: [fav('bowl')], favDrinks: [], allergenes: [] };
      expect(withLocalEdits(server, local, local)).toEqual(server);
    });

    it('a favourite added during the read is kept (first), one removed stays removed', () => {
      const before = { favFoods: [fav('bowl'), fav('nachos')], favDrinks: [fav('cola')], allergenes: ['G'] };
      const after = { favFoods: [fav('tacos'), fav('bowl')], favDrinks: [], allergenes: ['G'] };
      const result = withLocalEdits(server, before, after);
      expect(ids(result.favFoods)).toEqual(['tacos', 'bowl']);
      expect(ids(result.favDrinks)).toEqual([]);
    });

    it("the server's favourites from another device stay beside the edit; a new allergen choice wins", () => {
      const before = { favFoods: [], favDrinks: [], allergenes: [] };
      const after = { favFoods: [fav('tacos')], favDrinks: [], allergenes: ['A', 'G'] };
      const result = withLocalEdits(server, before, after);
      expect(ids(result.favFoods)).toEqual(['tacos', 'bowl', 'nachos']);
      expect(ids(result.favDrinks)).toEqual(['cola']);
      expect(result.allergenes).toEqual(['A', 'G']);
    });
  });

  it('list only favourites whose item is still on the menu', () => {
    const list = [favouriteFromItem(item({ id: 'gone' })), favouriteFromItem(burrito)];
    expect(favouritesOnMenu(list, [burrito]).map((x) => x.item.id)).toEqual(['burrito']);
  });
});
