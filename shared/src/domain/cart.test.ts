import { describe, expect, it } from 'vitest';
import type { Cart, ProductLine } from '../contract/cart';
import { badgeCount } from './cart-count';
import { addProductLine, changeCount, exceedsStock, linesMatch, removeLine, repriceLines, setLineNote } from './cart';
import { couponLineOf, item, product } from './cart-test-fixtures';

const burrito = (over: Partial<ProductLine> = {}) =>
  product({
    id: 'burrito',
    vol: 'Regular',
    sizePrice: 1050,
    variantsSelected: [{ stepIndex: 0, optionIds: ['rice-mexican'], portion: 0 }],
    stylesSelected: ['style-guac'],
    sumOfExtras: 150,
    ...over,
  });

describe('merging lines (requirements#shop-validation)', () => {
  it('merges only when id, size, course, extras and note match', () => {
    expect(linesMatch(burrito(), burrito())).toBe(true);
    expect(linesMatch(burrito(), burrito({ id: 'other' }))).toBe(false);
    expect(linesMatch(burrito(), burrito({ vol: 'Large' }))).toBe(false);
    expect(linesMatch(burrito(), burrito({ gang: 'Vorspeise' }))).toBe(false);
    expect(linesMatch(burrito(), burrito({ stylesSelected: [] }))).toBe(false);
    expect(linesMatch(burrito(), burrito({ variantsSelected: [{ stepIndex: 0, optionIds: ['rice-lime'], portion: 0 }] }))).toBe(false);
    expect(linesMatch(burrito(), burrito({ notes: 'ohne Zwiebeln' }))).toBe(false);
    expect(linesMatch(burrito({ notes: 'scharf ' }), burrito({ notes: ' scharf' }))).toBe(true);
  });

  it('adds the counts of a matching line and keeps its id and unit price', () => {
    const first = burrito({ cartItemId: 'one', count: 2 });
    const result = addProductLine([first], burrito({ cartItemId: 'two', count: 3 }));
    expect(result.outcome).toBe('merged');
    expect(result.cart).toHaveLength(1);
    expect(result.cart[0]).toMatchObject({ cartItemId: 'one', count: 5, itemTotal: 5 * 1200 });
  });

  it('never merges the articles of a bundle coupon', () => {
    const bound = burrito({ cartItemId: 'b', appliedCode: 'DEAL' });
    expect(addProductLine([bound], burrito({ cartItemId: 'n' })).outcome).toBe('added');
  });

  it('ignores a unikat item that is already in the cart', () => {
    const u = product({ id: 'ticket-1', sizePrice: 2500, unikat: true });
    const result = addProductLine([u], product({ id: 'ticket-1', sizePrice: 2500, unikat: true }));
    expect(result.outcome).toBe('ignored-unikat');
    expect(result.cart).toEqual([u]);
  });
});

describe('quantity, notes and removal', () => {
  it('keeps the quantity at least 1: minus does nothing at 1', () => {
    const cart: Cart = [burrito({ cartItemId: 'a', count: 1 })];
    expect(changeCount(cart, 'a', -1)).toEqual(cart);
    const two = changeCount(cart, 'a', 1);
    expect(two[0]).toMatchObject({ count: 2, itemTotal: 2400 });
    expect(changeCount(two, 'a', -1)[0]).toMatchObject({ count: 1, itemTotal: 1200 });
  });

  it('has no plus or minus for unikat lines and bundle articles', () => {
    const cart: Cart = [product({ id: 'u', sizePrice: 1, unikat: true, cartItemId: 'u' }), burrito({ cartItemId: 'b', appliedCode: 'DEAL' })];
    expect(changeCount(cart, 'u', 1)).toEqual(cart);
    expect(changeCount(cart, 'b', 1)).toEqual(cart);
  });

  it('stops plus at the stock the article was added with, across lines of the same article', () => {
    const cart: Cart = [
      burrito({ cartItemId: 'a', count: 2, hasBestand: true, bestand: 3 }),
      burrito({ cartItemId: 'c', notes: 'x', hasBestand: true, bestand: 3 }),
    ];
    expect(exceedsStock(cart, cart[0] as ProductLine, 1)).toBe(true);
    expect(changeCount(cart, 'a', 1)).toEqual(cart);
    const unlimited: Cart = [burrito({ cartItemId: 'a', count: 40 })];
    expect(changeCount(unlimited, 'a', 1)[0]?.count).toBe(41);
  });

  it('stops plus at 99 and never drops the line (docs/requirements.md#cart-protection)', () => {
    const cart: Cart = [burrito({ cartItemId: 'a', count: 98 })];
    const full = changeCount(cart, 'a', 1);
    expect(full[0]).toMatchObject({ count: 99, itemTotal: 99 * 1200 });
    expect(changeCount(full, 'a', 1)).toEqual(full);
  });

  it('merges an add only up to 99 and says how many went in', () => {
    const result = addProductLine([burrito({ cartItemId: 'a', count: 95 })], burrito({ cartItemId: 'n', count: 10 }));
    expect(result).toMatchObject({ outcome: 'merged', accepted: 4 });
    expect(result.cart).toHaveLength(1);
    expect(result.cart[0]).toMatchObject({ count: 99, itemTotal: 99 * 1200 });
    const full = addProductLine(result.cart, burrito({ cartItemId: 'm', count: 1 }));
    expect(full).toMatchObject({ outcome: 'merged', accepted: 0 });
    expect(full.cart).toEqual(result.cart);
    const fresh = addProductLine([], burrito({ cartItemId: 'x', count: 106 }));
    expect(fresh).toMatchObject({ outcome: 'added', accepted: 99 });
    expect(fresh.cart[0]).toMatchObject({ count: 99 });
  });

  it('trims a note and limits it to 200 characters', () => {
    const cart: Cart = [burrito({ cartItemId: 'a' })];
    expect(setLineNote(cart, 'a', '  ohne Koriander  ')[0]).toMatchObject({ notes: 'ohne Koriander' });
    expect((setLineNote(cart, 'a', 'x'.repeat(300))[0] as ProductLine).notes).toHaveLength(200);
  });

  it('removes a line; the badge counts articles but not coupon or stamp lines', () => {
    const cart: Cart = [
      burrito({ cartItemId: 'a', count: 2 }),
      product({ id: 'tacos', sizePrice: 850, cartItemId: 't' }),
      couponLineOf({ couponCode: 'X', type: 'amount', title: 'x', amount: 1 }),
    ];
    expect(badgeCount(cart)).toBe(3);
    expect(badgeCount(removeLine(cart, 'a'))).toBe(1);
  });
});

describe('repriceLines', () => {
  const menuItem = item({
    id: 'burrito',
    sizes: [
      { vol: 'Regular', price: 1090, takeAwayPrice: 1050 },
      { vol: 'Large', price: 1290, takeAwayPrice: 1250 },
    ],
    extras: {
      variants: [{ title: 'Reis', options: [{ id: 'rice-mexican', labelDE: 'Mexican Rice' }] }],
      styles: [{ id: 'style-guac', labelDE: 'Guacamole', cost: 150 }],
    },
  });
  const lookup = (id: string) => (id === 'burrito' ? { item: menuItem } : undefined);

  it('re-prices lines for the order mode (table prices in-house) and keeps unchanged carts as they are', () => {
    const cart: Cart = [burrito({ cartItemId: 'a', count: 2 })];
    expect(repriceLines(cart, lookup, 'takeaway')).toEqual({ cart, changed: false, dropped: [] });
    const inhouse = repriceLines(cart, lookup, 'inhouse');
    expect(inhouse.changed).toBe(true);
    expect(inhouse.cart[0]).toMatchObject({ sizePrice: 1090, sumOfExtras: 150, itemTotal: 2 * 1240 });
  });

  it('brings a stored count above 99 back into range instead of dropping the line', () => {
    const result = repriceLines([burrito({ cartItemId: 'a', count: 106 })], lookup, 'takeaway');
    expect(result.dropped).toEqual([]);
    expect(result.changed).toBe(true);
    expect(result.cart[0]).toMatchObject({ count: 99, itemTotal: 99 * 1200 });
  });

  it('drops lines whose article or option is gone and keeps coupon lines', () => {
    const coupon = couponLineOf({ couponCode: 'X', type: 'amount', title: 'x', amount: 1 });
    const cart: Cart = [
      product({ id: 'weg', sizePrice: 100, nameToDisplay: 'Alter Artikel' }),
      burrito({ variantsSelected: [{ stepIndex: 0, optionIds: ['rice-gone'], portion: 0 }], nameToDisplay: 'Burrito' }),
      coupon,
    ];
    const result = repriceLines(cart, lookup, 'takeaway');
    expect(result.dropped).toEqual(['Alter Artikel', 'Burrito']);
    expect(result.cart).toEqual([coupon]);
  });
});
