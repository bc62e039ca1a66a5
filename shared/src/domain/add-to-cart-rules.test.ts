import { describe, expect, it } from 'vitest';
import type { Cart, ProductLine } from '../contract/cart';
import { item } from './__fixtures__/menu';
import { addRefusal, isBuyable, isOrderingEnabled, isSoldOut, mixesTickets, needsCourse, soldOutLineIds, type AddCheck } from './add-to-cart-rules';
import { addProductLine } from './cart';

function line(id: string, type: ProductLine['type'], extra: Partial<ProductLine> = {}): ProductLine {
  return {
    kind: 'product',
    cartItemId: `ci-${id}`,
    id,
    delay: 0,
    type,
    nameToDisplay: id,
    description: '',
    notes: '',
    vol: 'standard',
    count: 1,
    sizePrice: 500,
    sumOfExtras: 0,
    itemTotal: 500,
    extras: [],
    extrasToDisplay: '',
    variantsSelected: [],
    stylesSelected: [],
    ...extra,
  };
}

const check = (over: Partial<AddCheck>): AddCheck => ({ item: item({}), type: 'food', cart: [], orderingEnabled: true, stockEnabled: true, ...over });

describe('sold out and buyable', () => {
  it('is sold out with stock 0 or verkauft; special ids are exempt', () => {
    expect(isSoldOut({ id: 'taco', bestand: 0 })).toBe(true);
    expect(isSoldOut({ id: 'taco', verkauft: true })).toBe(true);
    expect(isSoldOut({ id: 'taco', bestand: -1 })).toBe(false);
    expect(isSoldOut({ id: 'taco', bestand: 3 })).toBe(false);
    expect(isSoldOut({ id: 'specialUniqueOnlineServiceFee', bestand: 0, verkauft: true })).toBe(false);
  });

  it('is buyable only if buyable is not false and within order times', () => {
    expect(isBuyable({})).toBe(true);
    expect(isBuyable({ buyable: false })).toBe(false);
    expect(isBuyable({ withinOrderTimes: false })).toBe(false);
  });
});

describe('ordering enabled', () => {
  const config = { orderingEnabled: true, inhouseOrderingEnabled: true, takeawayOrderingEnabled: false, deliveryOrderingEnabled: true };
  it('needs the shop switch, the feature flag and the mode switch', () => {
    expect(isOrderingEnabled(config, { orderingEnabled: true }, 'inhouse')).toBe(true);
    expect(isOrderingEnabled(config, { orderingEnabled: true }, 'takeaway')).toBe(false);
    expect(isOrderingEnabled(config, { orderingEnabled: false }, 'inhouse')).toBe(false);
    expect(isOrderingEnabled({ ...config, orderingEnabled: false }, { orderingEnabled: true }, 'delivery')).toBe(false);
  });
});

describe('add refusals (requirements#shop-validation)', () => {
  it('refuses when ordering is disabled, in the shop or in the branch', () => {
    expect(addRefusal(check({ orderingEnabled: false }))).toEqual({ kind: 'ordering-disabled' });
    expect(addRefusal(check({ store: { orderingEnabled: false } }))).toEqual({ kind: 'branch-disabled' });
  });

  it('refuses sold-out items; stock counts only with the stock feature on', () => {
    expect(addRefusal(check({ item: item({ verkauft: true }) }))).toEqual({ kind: 'sold-out' });
    expect(addRefusal(check({ item: item({ bestand: 0 }) }))).toEqual({ kind: 'sold-out' });
    expect(addRefusal(check({ item: item({ bestand: 0 }), stockEnabled: false }))).toBeNull();
    expect(addRefusal(check({ item: item({ id: 'special-x', verkauft: true }) }))).toBeNull();
  });

  it('refuses items that are not buyable or outside their order times', () => {
    expect(addRefusal(check({ item: item({ buyable: false }) }))).toEqual({ kind: 'not-buyable' });
    expect(addRefusal(check({ item: { ...item({}), withinOrderTimes: false } }))).toEqual({ kind: 'not-buyable' });
  });

  it('refuses mixing tickets with food or drinks, either way round', () => {
    const withFood: Cart = [line('taco', 'food')];
    const withTicket: Cart = [line('workshop', 'ticket')];
    expect(mixesTickets(withFood, 'ticket')).toBe(true);
    expect(mixesTickets(withTicket, 'drink')).toBe(true);
    expect(mixesTickets(withTicket, 'ticket')).toBe(false);
    expect(mixesTickets([], 'ticket')).toBe(false);
    expect(addRefusal(check({ type: 'ticket', cart: withFood }))).toEqual({ kind: 'ticket-mix' });
    // Editing the only line of the cart is not a mix.
    expect(addRefusal(check({ type: 'ticket', cart: withFood, editingCartItemId: 'ci-taco' }))).toBeNull();
  });

  it('silently ignores a unikat item already in the cart', () => {
    const cart: Cart = [line('box', 'food', { unikat: true })];
    const result = addProductLine(cart, line('box', 'food', { unikat: true, cartItemId: 'ci-2' }));
    expect(result.outcome).toBe('ignored-unikat');
    expect(result.cart).toBe(cart);
  });
});

describe('course dialog', () => {
  const base = { mode: 'inhouse' as const, coursesEnabled: true, categoryId: 'burritos', exemptCategories: ['salsas-dips'], type: 'food' as const };
  it('asks in-house with courses on for categories not on the exempt list', () => {
    expect(needsCourse(base)).toBe(true);
    expect(needsCourse({ ...base, categoryId: 'salsas-dips' })).toBe(false);
    expect(needsCourse({ ...base, mode: 'takeaway' })).toBe(false);
    expect(needsCourse({ ...base, coursesEnabled: false })).toBe(false);
    expect(needsCourse({ ...base, type: 'drink' })).toBe(false);
  });
});

describe('soldOutLineIds (requirements#add-to-cart)', () => {
  const menu = new Map([
    ['tacos', item({ id: 'tacos', bestand: 0 })],
    ['bowl', item({ id: 'bowl', verkauft: true })],
    ['nachos', item({ id: 'nachos', bestand: 4 })],
    ['special-1', item({ id: 'special-1', verkauft: true })],
  ]);
  const lookup = (id: string) => menu.get(id);
  const cart: Cart = [line('tacos', 'food'), line('bowl', 'food'), line('nachos', 'food'), line('special-1', 'food'), line('gone', 'food')];

  it('marks lines whose item is out of stock or flagged verkauft; specials and unknown items are left alone', () => {
    expect([...soldOutLineIds(cart, lookup, true)]).toEqual(['ci-tacos', 'ci-bowl']);
  });

  it('ignores stock 0 while the stock feature is off (verkauft still counts)', () => {
    expect([...soldOutLineIds(cart, lookup, false)]).toEqual(['ci-bowl']);
  });
});
