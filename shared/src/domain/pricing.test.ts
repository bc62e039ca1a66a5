import { describe, expect, it } from 'vitest';
import { offer, type Cart, type OfferInput } from '../contract/cart';
import { couponLineOf, item, pricingConfig, product } from './cart-test-fixtures';
import { priceSelection } from './line-pricing';
import { stampCouponLine } from './coupons';
import { linesAsCharged, modeOfUsecase, priceCart, usecaseOfMode, type PricingInput } from './pricing';

const NOW = 1_800_000_000_000;

function price(lines: Cart, over: Partial<PricingInput> = {}) {
  return priceCart({ lines, usecase: 'takeaway', config: pricingConfig, now: NOW, ...over });
}

const burrito = () => product({ id: 'burrito', sizePrice: 1050, count: 2 }); // 21,00
const tacos = () => product({ id: 'tacos', sizePrice: 850 });

describe('priceCart: items and plain sums (requirements#shop-validation)', () => {
  it('sums the product lines; without coupons, fees or tip the total is the items total', () => {
    const b = price([burrito(), tacos()]);
    expect(b.itemsTotal).toBe(2950);
    expect(b.subtotal).toBe(2950);
    expect(b.total).toBe(2950);
    expect(b.lines.map((l) => l.itemTotal)).toEqual([2100, 850]);
    expect(b.problems).toEqual([]);
  });

  it('prices a line from sizePrice + sumOfExtras per unit, ignoring a claimed itemTotal', () => {
    const line = product({ id: 'x', sizePrice: 1000, sumOfExtras: 150, count: 3, itemTotal: 1 });
    expect(price([line]).itemsTotal).toBe(3450);
  });

  it('ignores fee lines in the cart: fees come from the config', () => {
    const fake = {
      kind: 'fee' as const,
      cartItemId: 'specialUniqueOnlineServiceFee',
      id: 'specialUniqueOnlineServiceFee',
      posId: 5007,
      nameToDisplay: 'x',
      count: 1 as const,
      itemTotal: 5000,
    };
    expect(price([tacos(), fake]).total).toBe(850);
  });
});

describe('priceCart: coupons (requirements#sums)', () => {
  it('an amount coupon reduces the sum by its amount', () => {
    const b = price([burrito(), couponLineOf({ couponCode: 'FUENF', type: 'amount', title: '5 €', amount: 500 })]);
    expect(b.discountTotal).toBe(500);
    expect(b.subtotal).toBe(1600);
    expect(b.total).toBe(1600);
    expect(b.coupons[0]).toMatchObject({ couponCode: 'FUENF', applied: true, effect: -500 });
  });

  it('a discount coupon reduces by its percent of the items total, rounded to cents', () => {
    const b = price([product({ id: 'a', sizePrice: 2345 }), couponLineOf({ couponCode: 'ZEHN', type: 'discount', title: '10 %', discount: 10 })]);
    // 234.5 cents rounds half away from zero to 235
    expect(b.discountTotal).toBe(235);
    expect(b.total).toBe(2110);
    const fifteen = price([product({ id: 'a', sizePrice: 999 }), couponLineOf({ couponCode: 'X', type: 'discount', title: '15 %', discount: 15 })]);
    expect(fifteen.total).toBe(849); // 999 - 149.85 -> 999 - 150
  });

  it('a 100 % discount makes the items free; fees are still charged', () => {
    const lines = [burrito(), couponLineOf({ couponCode: 'GRATIS', type: 'discount', title: 'Alles gratis', discount: 100 })];
    expect(price(lines).total).toBe(0);
    const online = price(lines, { onlinePay: true });
    expect(online.subtotal).toBe(0);
    expect(online.total).toBe(49);
    const delivery = price(lines, { usecase: 'delivery' });
    expect(delivery.total).toBe(290);
  });

  it('a coupon bigger than the total takes the sum to 0, never below', () => {
    const b = price([tacos(), couponLineOf({ couponCode: 'GROSS', type: 'amount', title: '50 €', amount: 5000 })]);
    expect(b.subtotal).toBe(0);
    expect(b.total).toBe(0);
    expect(b.discountTotal).toBe(850);
    expect(b.coupons[0]?.effect).toBe(-850);
  });

  it('applies percent coupons before amount coupons, each capped at what is left', () => {
    const lines = [
      product({ id: 'a', sizePrice: 2000 }),
      couponLineOf({ couponCode: 'FUENF', type: 'amount', title: '5 €', amount: 500 }),
      couponLineOf({ couponCode: 'ZEHN', type: 'discount', title: '10 %', discount: 10 }),
    ];
    const b = price(lines);
    expect(b.coupons.map((c) => c.effect)).toEqual([-500, -200]);
    expect(b.total).toBe(1300);
  });

  it('an individual coupon reduces by its amount like an amount coupon', () => {
    const b = price([burrito(), couponLineOf({ couponCode: 'FUER-ERIKA', type: 'individual', title: 'Danke', amount: 700, visibility: 'private' })]);
    expect(b.total).toBe(1400);
  });

  it('the stamp-card line reduces by its amount', () => {
    const b = price([burrito(), stampCouponLine('uid-1', 'Stempelkarte', 1500, NOW)]);
    expect(b.total).toBe(600);
  });

  it('does not apply expired, inactive, redeemed or not applicable coupons, and says why', () => {
    const base = { type: 'amount' as const, title: 't', amount: 300 };
    const lines = [
      burrito(),
      couponLineOf({ ...base, couponCode: 'ALT', validUntil: NOW - 1 }),
      couponLineOf({ ...base, couponCode: 'AUS', active: false }),
      couponLineOf({ ...base, couponCode: 'WEG', redeemed: true }),
      couponLineOf({ ...base, couponCode: 'NURLADEN', applicable: false }),
    ];
    const b = price(lines);
    expect(b.total).toBe(2100);
    expect(b.problems.map((p) => [p.couponCode, p.problem])).toEqual([
      ['ALT', 'expired'],
      ['AUS', 'inactive'],
      ['WEG', 'redeemed'],
      ['NURLADEN', 'not-applicable'],
    ]);
  });

  it('a coupon valid until exactly now still applies', () => {
    const b = price([burrito(), couponLineOf({ couponCode: 'HEUTE', type: 'amount', title: 't', amount: 100, validUntil: NOW })]);
    expect(b.total).toBe(2000);
  });

  it('applies one coupon per code and nothing next to a non-combinable coupon', () => {
    const dup = price([
      burrito(),
      couponLineOf({ couponCode: 'fuenf', type: 'amount', title: 't', amount: 500 }),
      { ...couponLineOf({ couponCode: 'FUENF', type: 'amount', title: 't', amount: 500 }), cartItemId: 'second' },
    ]);
    expect(dup.total).toBe(1600);
    expect(dup.problems.map((p) => p.problem)).toEqual(['duplicate']);

    const solo = price([
      burrito(),
      couponLineOf({ couponCode: 'SOLO', type: 'amount', title: 't', amount: 1000, combinable: false }),
      couponLineOf({ couponCode: 'ZWEI', type: 'amount', title: 't', amount: 200 }),
    ]);
    expect(solo.total).toBe(1100);
    expect(solo.problems).toEqual([expect.objectContaining({ couponCode: 'ZWEI', problem: 'not-combinable' })]);

    const after = price([
      burrito(),
      couponLineOf({ couponCode: 'ZWEI', type: 'amount', title: 't', amount: 200 }),
      couponLineOf({ couponCode: 'SOLO', type: 'amount', title: 't', amount: 1000, combinable: false }),
    ]);
    expect(after.total).toBe(1900);
    expect(after.problems.map((p) => p.couponCode)).toEqual(['SOLO']);
  });
});

describe('priceCart: bundle coupons', () => {
  const bundleCoupon = () =>
    couponLineOf({
      couponCode: 'BUNDLE',
      type: 'bundle',
      title: 'Taco-Deal',
      fixedprice: 990,
      bundle: [
        { id: 'tacos', vol: 'standard' },
        { id: 'limo', vol: '0,33 l' },
      ],
    });
  const bound = () => [
    product({ id: 'tacos', vol: 'standard', sizePrice: 850, appliedCode: 'BUNDLE' }),
    product({ id: 'limo', vol: '0,33 l', sizePrice: 350, appliedCode: 'BUNDLE' }),
  ];

  it('adds the fixed price and covers the size prices of its articles', () => {
    const b = price([burrito(), ...bound(), bundleCoupon()]);
    expect(b.bundleTotal).toBe(990);
    expect(b.itemsTotal).toBe(2100 + 990);
    expect(b.lines.filter((l) => l.bundleCode === 'BUNDLE').map((l) => [l.itemTotal, l.coveredByBundle])).toEqual([
      [0, 850],
      [0, 350],
    ]);
    expect(b.coupons[0]).toMatchObject({ applied: true, effect: 990 });
  });

  it('keeps extras chosen on a bundle article charged', () => {
    const [t, l] = bound();
    const b = price([{ ...t!, sumOfExtras: 150, itemTotal: 1000 }, l!, bundleCoupon()]);
    expect(b.itemsTotal).toBe(990 + 150);
  });

  it('bundle plus amount coupon: the amount comes off the bundle price too', () => {
    const b = price([burrito(), ...bound(), bundleCoupon(), couponLineOf({ couponCode: 'FUENF', type: 'amount', title: 't', amount: 500 })]);
    expect(b.total).toBe(2100 + 990 - 500);
  });

  it('a bundle whose articles are not all in the cart is not applied; its articles cost their price', () => {
    const b = price([bound()[0]!, bundleCoupon()]);
    expect(b.problems).toEqual([expect.objectContaining({ couponCode: 'BUNDLE', problem: 'bundle-incomplete' })]);
    expect(b.total).toBe(850);
  });

  it('a second unit on a bundle article breaks the bundle', () => {
    const [t, l] = bound();
    const b = price([{ ...t!, count: 2, itemTotal: 1700 }, l!, bundleCoupon()]);
    expect(b.problems.map((p) => p.problem)).toEqual(['bundle-incomplete']);
  });
});

describe('priceCart: offers', () => {
  const offers = (list: OfferInput[]) => list.map((o) => offer.parse(o));

  it('a priceOffer replaces the size price for its usecase only; extras stay charged', () => {
    const o = offers([{ id: 'o1', name: 'Taco Tuesday', type: 'priceOffer', usecase: 'takeAway', offerPrice: 600, items: [{ id: 'tacos' }] }]);
    const line = product({ id: 'tacos', sizePrice: 850, sumOfExtras: 100, count: 2 });
    const takeaway = price([line], { offers: o });
    expect(takeaway.itemsTotal).toBe(2 * 700);
    expect(takeaway.offerSavings).toBe(2 * (950 - 700));
    expect(takeaway.lines[0]?.offer).toEqual({ id: 'o1', name: 'Taco Tuesday', usecase: 'takeAway' });
    expect(price([line], { offers: o, usecase: 'tableordering' }).itemsTotal).toBe(1900);
    expect(price([line], { offers: o, usecase: 'delivery' }).itemsTotal).toBe(1900);
  });

  it("a discountOffer takes its percent off the line total, rounded once; 'all' applies everywhere", () => {
    const o = offers([{ id: 'o2', name: '20 % auf Bowls', type: 'discountOffer', usecase: 'all', offerDiscount: 20, items: [{ id: 'bowl' }] }]);
    const line = product({ id: 'bowl', sizePrice: 1095, count: 3 });
    // 3285 - 657 = 2628
    expect(price([line], { offers: o }).itemsTotal).toBe(2628);
    expect(price([line], { offers: o, usecase: 'tableordering' }).itemsTotal).toBe(2628);
  });

  it('requirements#accessibility: 2 × Veggie Bowl at 10,50 € with −15 % cost 17,85 € (exact), not 2 × 8,92 €', () => {
    const o = offers([{ id: 'veggie', name: '−15 % Veggie', type: 'discountOffer', usecase: 'all', offerDiscount: 15, items: [{ id: 'bowl-veggie' }] }]);
    const b = price([product({ id: 'bowl-veggie', sizePrice: 1050, count: 2 })], { offers: o });
    expect(b.itemsTotal).toBe(1785);
    expect(b.offerSavings).toBe(315);
    expect(b.lines[0]?.unitPrice).toBe(892); // one unit as the card shows it: 1050 - 157.5 -> 892
  });

  it('picks the lowest offer price, never raises a price, honours sizes, inactive and expired offers', () => {
    const o = offers([
      { id: 'a', name: 'A', type: 'priceOffer', usecase: 'all', offerPrice: 700, items: [{ id: 'x' }] },
      { id: 'b', name: 'B', type: 'discountOffer', usecase: 'all', offerDiscount: 50, items: [{ id: 'x', vol: 'Large' }] },
      { id: 'c', name: 'C', type: 'priceOffer', usecase: 'all', offerPrice: 5000, items: [{ id: 'y' }] },
      { id: 'd', name: 'D', type: 'priceOffer', usecase: 'all', offerPrice: 1, items: [{ id: 'y' }], active: false },
      { id: 'e', name: 'E', type: 'priceOffer', usecase: 'all', offerPrice: 1, items: [{ id: 'y' }], validUntil: NOW - 1 },
    ]);
    expect(price([product({ id: 'x', vol: 'Large', sizePrice: 1000 })], { offers: o }).lines[0]?.offer?.id).toBe('b');
    expect(price([product({ id: 'x', vol: 'Regular', sizePrice: 1000 })], { offers: o }).lines[0]?.offer?.id).toBe('a');
    const y = price([product({ id: 'y', sizePrice: 1000 })], { offers: o });
    expect(y.itemsTotal).toBe(1000);
    expect(y.lines[0]?.offer).toBeUndefined();
  });

  it('does not give an offer on a bundle article', () => {
    const o = offers([{ id: 'o1', name: 'Taco', type: 'priceOffer', usecase: 'all', offerPrice: 100, items: [{ id: 'tacos' }] }]);
    const lines = [
      product({ id: 'tacos', vol: 'standard', sizePrice: 850, appliedCode: 'B' }),
      couponLineOf({ couponCode: 'B', type: 'bundle', title: 'B', fixedprice: 500, bundle: [{ id: 'tacos', vol: 'standard' }] }),
    ];
    expect(price(lines, { offers: o }).itemsTotal).toBe(500);
  });
});

describe('priceCart: fees, tip and minimum order', () => {
  it('adds the online service fee only when paid online and the delivery fee only for delivery', () => {
    expect(price([burrito()]).fees).toEqual([]);
    expect(price([burrito()], { onlinePay: true }).fees.map((f) => [f.id, f.name, f.amount])).toEqual([
      ['specialUniqueOnlineServiceFee', 'Online Servicegebühr', 49],
    ]);
    const d = price([burrito()], { usecase: 'delivery', onlinePay: true });
    expect(d.fees.map((f) => f.name)).toEqual(['Online Servicegebühr', 'Liefergebühr']);
    expect(d.total).toBe(2100 + 49 + 290);
    expect(price([burrito()], { usecase: 'delivery', area: { fee: 0 } }).fees).toEqual([]);
  });

  it('computes the tip on the payer sum (after coupons, with fees) and adds it', () => {
    const b = price([product({ id: 'a', sizePrice: 2390 })], { usecase: 'tableordering', tipPercent: 10 });
    expect(b.tip).toBe(239);
    expect(b.total).toBe(2629);
    const withFee = price([product({ id: 'a', sizePrice: 2000 }), couponLineOf({ couponCode: 'X', type: 'amount', title: 't', amount: 1000 })], {
      usecase: 'tableordering',
      onlinePay: true,
      tipPercent: 15,
    });
    // (1000 + 49) * 15 % = 157.35 -> 157
    expect(withFee.tip).toBe(157);
    expect(withFee.total).toBe(1049 + 157);
  });

  it('minimum order for takeaway: missing amount shown, at the border nothing missing', () => {
    expect(price([product({ id: 'a', sizePrice: 799 })]).minOrder).toEqual({ amount: 800, applies: true, missing: 1 });
    expect(price([product({ id: 'a', sizePrice: 800 })]).minOrder).toEqual({ amount: 800, applies: true, missing: 0 });
    expect(price([product({ id: 'a', sizePrice: 300 })]).minOrder.missing).toBe(500);
  });

  it('the minimum is compared with the items total, so a coupon does not push an order under it', () => {
    const b = price([product({ id: 'a', sizePrice: 1000 }), couponLineOf({ couponCode: 'X', type: 'amount', title: 't', amount: 500 })]);
    expect(b.total).toBe(500);
    expect(b.minOrder.missing).toBe(0);
  });

  it('no minimum in-house; delivery has its own, a delivery area may override it', () => {
    expect(price([product({ id: 'a', sizePrice: 100 })], { usecase: 'tableordering' }).minOrder).toEqual({ amount: 0, applies: false, missing: 0 });
    expect(price([product({ id: 'a', sizePrice: 100 })], { usecase: 'digital' }).minOrder.applies).toBe(false);
    expect(price([product({ id: 'a', sizePrice: 1500 })], { usecase: 'delivery' }).minOrder.missing).toBe(500);
    expect(price([product({ id: 'a', sizePrice: 1500 })], { usecase: 'delivery', area: { minOrderAmount: 1200 } }).minOrder.missing).toBe(0);
  });
});

describe('usecases and charged lines', () => {
  it('maps usecases to price modes and modes to cart usecases', () => {
    expect(['takeaway', 'delivery', 'selfservice', 'tableordering', 'inhouseMobilePayment', 'digital'].map((u) => modeOfUsecase(u as never))).toEqual([
      'takeaway',
      'delivery',
      'inhouse',
      'inhouse',
      'inhouse',
      'takeaway',
    ]);
    expect(usecaseOfMode('inhouse')).toBe('tableordering');
  });

  it('linesAsCharged writes what each line is charged, its offer and what a bundle covers', () => {
    const o = [offer.parse({ id: 'o1', name: 'Taco Tuesday', type: 'priceOffer', usecase: 'all', offerPrice: 600, items: [{ id: 'tacos' }] })];
    const lines: Cart = [
      product({ id: 'tacos', sizePrice: 850, count: 2, isOffer: true, offerId: 'client-claim' }),
      product({ id: 'limo', vol: '0,33 l', sizePrice: 350, appliedCode: 'B' }),
      product({ id: 'burrito', sizePrice: 1050, isOffer: true, offerId: 'forged' }),
      couponLineOf({ couponCode: 'B', type: 'bundle', title: 'B', fixedprice: 200, bundle: [{ id: 'limo', vol: '0,33 l' }] }),
    ];
    const charged = linesAsCharged(lines, price(lines, { offers: o }));
    expect(charged[0]).toMatchObject({ itemTotal: 1200, originalItemTotal: 1700, isOffer: true, offerId: 'o1', offerName: 'Taco Tuesday' });
    expect(charged[1]).toMatchObject({ itemTotal: 0, originalItemTotal: 350, amountFree: 1, amountFreeTotal: 350 });
    expect(charged[2]).not.toHaveProperty('offerId');
    expect(charged[3]).toEqual(lines[3]);
  });
});

describe('priceCart on lines priced by line-pricing (free articles, combinations, replaceArticle)', () => {
  const lineOf = (
    menuItem: ReturnType<typeof item>,
    selection: { vol?: string; variantsSelected?: { stepIndex: number; optionIds: string[]; portion?: number }[]; count?: number },
  ) => {
    const sel = {
      vol: selection.vol ?? menuItem.sizes[0]!.vol,
      variantsSelected: (selection.variantsSelected ?? []).map((v) => ({ ...v, portion: v.portion ?? 0 })),
      stylesSelected: [],
      count: selection.count ?? 1,
    };
    const priced = priceSelection(menuItem, sel, 'takeaway');
    return product({
      id: menuItem.id,
      vol: sel.vol,
      count: sel.count,
      sizePrice: priced.sizePrice,
      sumOfExtras: priced.sumOfExtras,
      itemTotal: priced.itemTotal,
      variantsSelected: sel.variantsSelected,
    });
  };

  it('free articles per step cost 0, extras above the free count are charged', () => {
    const bowl = item({
      id: 'bowl',
      sizes: [{ vol: '', price: 1000 }],
      extras: {
        variants: [
          { title: 'Toppings', multi: true, maxOptions: 4, freeArticles: 2, options: ['a', 'b', 'c', 'd'].map((id) => ({ id, labelDE: id, cost: 100 })) },
        ],
      },
    });
    const b = price([lineOf(bowl, { variantsSelected: [{ stepIndex: 0, optionIds: ['a', 'b', 'c'] }], count: 2 })]);
    expect(b.itemsTotal).toBe(2 * (1000 + 100));
  });

  it('a combination price replaces size price and option costs', () => {
    const taquitos = item({
      id: 'taquitos',
      sizes: [{ vol: '', price: 690 }],
      extras: {
        variants: [
          {
            title: 'Füllung',
            options: [
              { id: 'huhn', labelDE: 'Huhn', cost: 100 },
              { id: 'kaese', labelDE: 'Käse' },
            ],
          },
          {
            title: 'Dip',
            options: [
              { id: 'guac', labelDE: 'Guacamole', cost: 150 },
              { id: 'salsa', labelDE: 'Salsa' },
            ],
          },
        ],
        combinations: [{ id: 'huhn.guac', price: 800 }],
      },
    });
    const b = price([
      lineOf(taquitos, {
        variantsSelected: [
          { stepIndex: 0, optionIds: ['huhn'] },
          { stepIndex: 1, optionIds: ['guac'] },
        ],
      }),
    ]);
    expect(b.itemsTotal).toBe(800);
  });

  it("with a replaceArticle step the chosen option's cost is the base price; coupons apply on top", () => {
    const menu = item({
      id: 'menu',
      sizes: [{ vol: '', price: 500 }],
      extras: {
        variants: [
          {
            title: 'Hauptgericht',
            replaceArticle: true,
            options: [
              { id: 'gross', labelDE: 'Groß', cost: 1400 },
              { id: 'klein', labelDE: 'Klein', cost: 900 },
            ],
          },
        ],
      },
    });
    const lines = [
      lineOf(menu, { variantsSelected: [{ stepIndex: 0, optionIds: ['gross'] }] }),
      couponLineOf({ couponCode: 'ZEHN', type: 'discount', title: '10 %', discount: 10 }),
    ];
    const b = price(lines);
    expect(b.itemsTotal).toBe(1400);
    expect(b.total).toBe(1260);
  });
});
