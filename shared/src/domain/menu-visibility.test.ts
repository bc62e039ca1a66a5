import { describe, expect, it } from 'vitest';
import { menuCategory, type MenuCategory, type MenuCategoryInput } from '../contract/menu';
import { burrito, item } from './__fixtures__/menu';
import {
  applyGlobalExtras,
  availableInStore,
  categorySlug,
  findCategory,
  findMenuItem,
  preparationMinutes,
  shopClock,
  visibleMenu,
  withinInhouseHours,
  withinOrderTimes,
  type VisibilityContext,
} from './menu-visibility';

function cat(input: Partial<MenuCategoryInput>): MenuCategory {
  return menuCategory.parse({ id: 'c', categoryDE: 'Kategorie', type: 'food', items: [], ...input });
}

// Tuesday 12:30
const tuesdayNoon: VisibilityContext = { clock: { weekday: 2, minutes: 12 * 60 + 30 }, mode: 'takeaway', store: 1 };

function visibleIds(categories: MenuCategory[], ctx: VisibilityContext = tuesdayNoon): string[] {
  return visibleMenu(categories, ctx).flatMap((c) => c.items.map((i) => i.id));
}

describe('shop clock', () => {
  it('reads weekday and time in Hamburg whatever the device zone', () => {
    // 2025-03-03 is a Monday; 23:30 UTC is 00:30 on Tuesday in Berlin (CET, UTC+1).
    expect(shopClock(Date.UTC(2025, 2, 3, 23, 30))).toEqual({ weekday: 2, minutes: 30 });
    // Summer time (CEST, UTC+2): Sunday 2025-07-06 10:15 UTC is 12:15.
    expect(shopClock(Date.UTC(2025, 6, 6, 10, 15))).toEqual({ weekday: 7, minutes: 12 * 60 + 15 });
  });
});

describe('days', () => {
  it('hides items and categories on days not listed', () => {
    const menu = [
      cat({ id: 'a', items: [item({ id: 'every-day' }), item({ id: 'weekend', days: [6, 7] })] }),
      cat({ id: 'b', days: [1], items: [item({ id: 'monday-cat' })] }),
    ];
    expect(visibleIds(menu)).toEqual(['every-day']);
    expect(visibleIds(menu, { ...tuesdayNoon, clock: { weekday: 6, minutes: 720 } })).toEqual(['every-day', 'weekend']);
  });
});

describe('stores', () => {
  it('hides entries outside the store list and switched off for the store', () => {
    expect(availableInStore({ validStores: [2] }, 1)).toBe(false);
    expect(availableInStore({ validStores: [1, 2] }, 1)).toBe(true);
    expect(availableInStore({ fmConfig: { '1': { active: false } } }, 1)).toBe(false);
    expect(availableInStore({ fmConfig: { '2': { active: false } } }, 1)).toBe(true);
    const menu = [
      cat({ id: 'a', items: [item({ id: 'only-2', validStores: [2] }), item({ id: 'off-1', fmConfig: { '1': { active: false } } }), item({ id: 'ok' })] }),
      cat({ id: 'b', fmConfig: { '1': { active: false } }, items: [item({ id: 'cat-off' })] }),
    ];
    expect(visibleIds(menu)).toEqual(['ok']);
    expect(visibleIds(menu, { ...tuesdayNoon, store: 2 })).toEqual(['only-2', 'off-1', 'ok', 'cat-off']);
  });
});

describe('in-house hours', () => {
  it('shows a category in-house only between validFromHour and validTillHour', () => {
    const breakfast = { validFromHour: 8, validTillHour: 11 };
    expect(withinInhouseHours(breakfast, { weekday: 2, minutes: 9 * 60 }, 'inhouse')).toBe(true);
    expect(withinInhouseHours(breakfast, { weekday: 2, minutes: 11 * 60 }, 'inhouse')).toBe(false);
    expect(withinInhouseHours(breakfast, { weekday: 2, minutes: 12 * 60 }, 'takeaway')).toBe(true);
    const late = { validFromHour: 22, validTillHour: 2 };
    expect(withinInhouseHours(late, { weekday: 2, minutes: 23 * 60 }, 'inhouse')).toBe(true);
    expect(withinInhouseHours(late, { weekday: 2, minutes: 60 }, 'inhouse')).toBe(true);
    expect(withinInhouseHours(late, { weekday: 2, minutes: 12 * 60 }, 'inhouse')).toBe(false);
  });
});

describe('order modes', () => {
  it('shows inhouseOnly items only in-house and takeawayOnly items only outside', () => {
    const menu = [cat({ items: [item({ id: 'plate', inhouseOnly: true }), item({ id: 'box', takeawayOnly: true }), item({ id: 'taco' })] })];
    expect(visibleIds(menu)).toEqual(['box', 'taco']);
    expect(visibleIds(menu, { ...tuesdayNoon, mode: 'inhouse' })).toEqual(['plate', 'taco']);
    expect(visibleIds(menu, { ...tuesdayNoon, mode: 'delivery' })).toEqual(['box', 'taco']);
  });
});

describe('order times', () => {
  it('marks items outside their or their category order times with withinOrderTimes false', () => {
    const lunch = { '2': { validFrom: '11:00', validTo: '15:00' } };
    const menu = [
      cat({ id: 'a', items: [item({ id: 'lunch', orderTimes: lunch }), item({ id: 'always' })] }),
      cat({ id: 'b', orderTimes: { '2': { validFrom: '17:00', validTo: '22:00' } }, items: [item({ id: 'dinner-cat' })] }),
    ];
    const shown = visibleMenu(menu, tuesdayNoon).flatMap((c) => c.items.map((i) => [i.id, i.withinOrderTimes]));
    expect(shown).toEqual([
      ['lunch', true],
      ['always', true],
      ['dinner-cat', false],
    ]);
    const evening = visibleMenu(menu, { ...tuesdayNoon, clock: { weekday: 2, minutes: 18 * 60 } });
    expect(evening.flatMap((c) => c.items.map((i) => [i.id, i.withinOrderTimes]))).toEqual([
      ['lunch', false],
      ['always', true],
      ['dinner-cat', true],
    ]);
  });

  it('treats a weekday without an entry as outside and handles windows over midnight', () => {
    expect(withinOrderTimes({ '3': { validFrom: '11:00', validTo: '15:00' } }, { weekday: 2, minutes: 720 })).toBe(false);
    expect(withinOrderTimes({ '2': { validFrom: '22:00', validTo: '02:00' } }, { weekday: 2, minutes: 23 * 60 })).toBe(true);
    expect(withinOrderTimes(undefined, { weekday: 2, minutes: 0 })).toBe(true);
  });
});

describe('global extras and empty categories', () => {
  it('deactivates options and add-ons whose label matches an inactive global extra', () => {
    const off = applyGlobalExtras(burrito, [
      { label: 'Jalapeños', active: false },
      { label: 'Guacamole', active: false },
      { label: 'Pico de Gallo', active: true },
    ]);
    const toppings = off.extras.variants[1]!.options;
    expect(toppings.find((o) => o.id === 'top-jal')?.active).toBe(false);
    expect(toppings.find((o) => o.id === 'top-pico')?.active).toBe(true);
    expect(off.extras.styles.find((s) => s.id === 'guac')?.active).toBe(false);
    expect(off.extras.styles.find((s) => s.id === 'cheese')?.active).not.toBe(false);
  });

  it('drops categories left without items', () => {
    const menu = [cat({ id: 'empty', items: [item({ id: 'sat', days: [6] })] }), cat({ id: 'full', items: [item({ id: 'x' })] })];
    expect(visibleMenu(menu, tuesdayNoon).map((c) => c.id)).toEqual(['full']);
  });
});

describe('preparation time', () => {
  it('raises the base delay (default 5) to the largest item delay', () => {
    expect(preparationMinutes([])).toBe(5);
    expect(preparationMinutes([3, 4])).toBe(5);
    expect(preparationMinutes([3, 12, 8])).toBe(12);
    expect(preparationMinutes([12], 20)).toBe(20);
  });
});

describe('lookups', () => {
  it('finds categories by id or name and items by id', () => {
    const menu = [cat({ id: 'snacks-nachos', categoryDE: 'Snacks & Nachos', items: [item({ id: 'nachos' })] }), cat({ id: 'sweets', categoryDE: 'Sweets' })];
    expect(categorySlug('Snacks & Nachos')).toBe('snacks-nachos');
    expect(findCategory(menu, 'Sweets')?.id).toBe('sweets');
    expect(findCategory(menu, 'snacks-nachos')?.id).toBe('snacks-nachos');
    expect(findCategory(menu, 'pizza')).toBeNull();
    expect(findMenuItem(menu, 'nachos')?.category.id).toBe('snacks-nachos');
  });
});
