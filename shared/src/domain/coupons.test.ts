import { describe, expect, it } from 'vitest';
import { coupon, type Cart } from '../contract/cart';
import { productLines } from './cart';
import { badgeCount } from './cart-count';
import { couponLineOf, item, pricingConfig, product } from './cart-test-fixtures';
import { priceCart } from './pricing';
import {
  addCouponLine,
  couponLineId,
  couponRefusal,
  couponState,
  couponToLine,
  normalizeCouponCode,
  redeemCoupon,
  removeCoupon,
  stampCouponLine,
  type RedeemContext,
} from './coupons';

const NOW = 1_800_000_000_000;

describe('coupon codes and lines', () => {
  it('matches codes regardless of case and spaces', () => {
    expect(normalizeCouponCode(' sommer 10 ')).toBe('SOMMER10');
    expect(couponLineId('willkommen5')).toBe('specialCoupon-WILLKOMMEN5');
  });

  it('coupon lines start with specialCoupon-, the stamp line with stempel-; the badge counts neither', () => {
    const line = couponLineOf({ couponCode: 'abc', type: 'amount', title: 'A', amount: 100 });
    expect(line).toMatchObject({ kind: 'coupon', isCoupon: true, id: 'specialCoupon-ABC', couponCode: 'ABC', count: 1 });
    const stamp = stampCouponLine('uid-7', 'Stempelkarte', 1500, NOW);
    const cart: Cart = [product({ id: 'a', sizePrice: 100, count: 2 }), line, stamp];
    expect(badgeCount(cart)).toBe(2);
  });

  it('builds the stamp-card line as the spec lists it', () => {
    expect(stampCouponLine('uid-7', 'Stempelkarte', 1500, NOW)).toMatchObject({
      id: 'stempel-uid-7',
      type: 'amount',
      amount: 1500,
      visibility: 'private',
      forRedeem: true,
      combinable: false,
      allowMulti: false,
      validUntil: NOW + 99_999_999,
    });
  });

  it('copies the coupon fields of requirements#entities onto the line', () => {
    const c = coupon.parse({
      couponCode: 'b1',
      type: 'bundle',
      title: 'Deal',
      fixedprice: 990,
      bundle: [{ id: 'x', vol: 'L' }],
      validUntil: NOW,
      combinable: false,
      allowMulti: true,
      saveForDays: 7,
      visibility: 'private',
    });
    expect(couponToLine(c)).toMatchObject({
      type: 'bundle',
      fixedprice: 990,
      bundle: [{ id: 'x', vol: 'L' }],
      validUntil: NOW,
      active: true,
      applicable: true,
      combinable: false,
      allowMulti: true,
      saveForDays: 7,
      visibility: 'private',
    });
  });
});

describe('couponState', () => {
  const base = { active: true, applicable: true };
  it('is ok until validUntil inclusive, then expired', () => {
    expect(couponState({ ...base, validUntil: NOW }, NOW)).toBe('ok');
    expect(couponState({ ...base, validUntil: NOW }, NOW + 1)).toBe('expired');
    expect(couponState(base, NOW)).toBe('ok');
  });
  it('reports inactive, redeemed and not applicable coupons', () => {
    expect(couponState({ ...base, active: false }, NOW)).toBe('inactive');
    expect(couponState({ ...base, redeemed: true }, NOW)).toBe('redeemed');
    expect(couponState({ ...base, applicable: false }, NOW)).toBe('not-applicable');
  });
});

describe('adding coupons to the cart (requirements#shop-validation)', () => {
  const amount = (code: string, over = {}) => couponLineOf({ couponCode: code, type: 'amount', title: code, amount: 100, ...over });

  it('refuses expired and redeemed coupons', () => {
    expect(couponRefusal([], amount('ALT', { validUntil: NOW - 1 }), NOW)).toEqual({ kind: 'expired' });
    expect(couponRefusal([], amount('WEG', { redeemed: true }), NOW)).toEqual({ kind: 'redeemed' });
  });

  it('allows one coupon per code', () => {
    expect(couponRefusal([amount('FUENF')], amount('fuenf'), NOW)).toEqual({ kind: 'duplicate' });
    expect(couponRefusal([amount('FUENF')], amount('ZEHN'), NOW)).toBeNull();
  });

  it('a non-combinable coupon blocks adding others, and joins no cart with coupons', () => {
    expect(couponRefusal([amount('SOLO', { combinable: false })], amount('ZEHN'), NOW)).toEqual({ kind: 'not-combinable' });
    expect(couponRefusal([amount('ZEHN')], amount('SOLO', { combinable: false }), NOW)).toEqual({ kind: 'not-combinable' });
    expect(couponRefusal([product({ id: 'a', sizePrice: 1 })], amount('SOLO', { combinable: false }), NOW)).toBeNull();
  });

  it('keeps only one stamp line', () => {
    const first = addCouponLine([], stampCouponLine('u', 'S', 1500, NOW), NOW);
    expect(first.ok).toBe(true);
    const cart = first.ok ? first.cart : [];
    expect(addCouponLine(cart, stampCouponLine('u', 'S', 1500, NOW), NOW)).toEqual({ ok: false, refusal: { kind: 'stamp-duplicate' } });
  });
});

describe('redeeming a bundle coupon', () => {
  const tacos = item({ id: 'tacos', sizes: [{ vol: 'standard', price: 890, takeAwayPrice: 850 }] });
  const limo = item({
    id: 'limo',
    sizes: [{ vol: '0,33 l', price: 350 }],
    extras: { variants: [{ title: 'Sorte', options: [{ id: 'zitrone', labelDE: 'Zitrone' }] }] },
  });
  const choose = item({
    id: 'bowl',
    sizes: [{ vol: '', price: 1000 }],
    extras: {
      variants: [
        {
          title: 'Basis',
          options: [
            { id: 'reis', labelDE: 'Reis' },
            { id: 'salat', labelDE: 'Salat' },
          ],
        },
      ],
    },
  });
  const items = new Map([tacos, limo, choose].map((i) => [i.id, i]));
  let n = 0;
  const ctx = (over: Partial<RedeemContext> = {}): RedeemContext => ({
    now: NOW,
    mode: 'takeaway',
    findItem: (id) => {
      const i = items.get(id);
      return i ? { item: i, category: { id: 'cat', type: 'food', delay: 5 } } : undefined;
    },
    newId: () => `ci-b${++n}`,
    ...over,
  });
  const deal = coupon.parse({
    couponCode: 'tacodeal',
    type: 'bundle',
    title: 'Taco-Deal',
    fixedprice: 990,
    bundle: [
      { id: 'tacos', vol: 'standard' },
      { id: 'limo', vol: '0,33 l' },
    ],
  });

  it('puts its articles into the cart, bound to the coupon, count 1, priced for the mode, with preselected options', () => {
    const result = redeemCoupon([], deal, ctx());
    if (!result.ok) throw new Error('expected the bundle to be redeemed');
    const articles = productLines(result.cart).filter((l) => l.appliedCode === 'TACODEAL');
    expect(articles.map((l) => [l.id, l.vol, l.count, l.sizePrice, l.appliedCode, l.aaaCodeTitle])).toEqual([
      ['tacos', 'standard', 1, 850, 'TACODEAL', 'Taco-Deal'],
      ['limo', '0,33 l', 1, 350, 'TACODEAL', 'Taco-Deal'],
    ]);
    expect(articles[1]?.variantsSelected).toEqual([{ stepIndex: 0, optionIds: ['zitrone'], portion: 0 }]);
    expect(result.cart.at(-1)).toMatchObject({ kind: 'coupon', couponCode: 'TACODEAL' });
  });

  it('is unavailable when an article is gone, sold out, or needs a choice', () => {
    const gone = coupon.parse({ ...deal, bundle: [{ id: 'nope', vol: '' }] });
    expect(redeemCoupon([], gone, ctx())).toEqual({ ok: false, refusal: { kind: 'bundle-unavailable' } });
    const needsChoice = coupon.parse({ ...deal, bundle: [{ id: 'bowl', vol: '' }] });
    expect(redeemCoupon([], needsChoice, ctx())).toEqual({ ok: false, refusal: { kind: 'bundle-unavailable' } });
    const soldOut = ctx({ findItem: (id) => (id === 'tacos' ? { item: { ...tacos, bestand: 0 }, category: { id: 'c', type: 'food', delay: 0 } } : undefined) });
    expect(redeemCoupon([], coupon.parse({ ...deal, bundle: [{ id: 'tacos', vol: 'standard' }] }), soldOut).ok).toBe(false);
  });

  it('removing the coupon removes its articles and nothing else', () => {
    const other = product({ id: 'tacos', vol: 'standard', sizePrice: 850 });
    const result = redeemCoupon([other], deal, ctx());
    if (!result.ok) throw new Error('expected the bundle to be redeemed');
    expect(removeCoupon(result.cart, result.line.cartItemId)).toEqual([other]);
  });

  it("binds the guest's own articles instead of adding them a second time (requirements#accessibility: TACODEAL 34,74 → 44,64)", () => {
    const ownTacos = product({ cartItemId: 'own-t', id: 'tacos', vol: 'standard', sizePrice: 850 });
    const ownLimo = product({ cartItemId: 'own-l', id: 'limo', vol: '0,33 l', sizePrice: 350 });
    const result = redeemCoupon([ownTacos, ownLimo], deal, ctx());
    if (!result.ok) throw new Error('expected the bundle to be redeemed');
    expect(productLines(result.cart).map((l) => [l.cartItemId, l.count, l.appliedCode, l.boundFromCart])).toEqual([
      ['own-t', 1, 'TACODEAL', true],
      ['own-l', 1, 'TACODEAL', true],
    ]);
    // The cart costs the bundle's fixed price: both size prices are covered.
    expect(priceCart({ lines: result.cart, usecase: 'takeaway', config: pricingConfig, now: NOW }).itemsTotal).toBe(990);
    // Removing the coupon gives the guest's lines back as they were.
    expect(removeCoupon(result.cart, result.line.cartItemId)).toEqual([ownTacos, ownLimo]);
  });

  it('splits one unit off a line of several and adds only the missing article; removal merges it back', () => {
    const three = product({ cartItemId: 'own-t', id: 'tacos', vol: 'standard', sizePrice: 850, count: 3 });
    const result = redeemCoupon([three], deal, ctx());
    if (!result.ok) throw new Error('expected the bundle to be redeemed');
    const lines = productLines(result.cart);
    expect(lines.map((l) => [l.id, l.count, l.itemTotal, l.appliedCode ?? null])).toEqual([
      ['tacos', 2, 1700, null],
      ['tacos', 1, 850, 'TACODEAL'],
      ['limo', 1, 350, 'TACODEAL'],
    ]);
    expect(priceCart({ lines: result.cart, usecase: 'takeaway', config: pricingConfig, now: NOW }).problems).toEqual([]);
    expect(removeCoupon(result.cart, result.line.cartItemId)).toEqual([three]);
  });

  it('refuses a non-bundle coupon that is expired, and adds a valid amount coupon as one line', () => {
    const expired = coupon.parse({ couponCode: 'x', type: 'amount', title: 'x', amount: 1, validUntil: NOW - 1 });
    expect(redeemCoupon([], expired, ctx())).toEqual({ ok: false, refusal: { kind: 'expired' } });
    const ok = redeemCoupon([], coupon.parse({ couponCode: 'y', type: 'amount', title: 'y', amount: 1 }), ctx());
    expect(ok.ok && ok.cart.length).toBe(1);
  });
});
