import { describe, expect, it } from 'vitest';
import { menuItem, offer } from '@shop/shared/contract';
import { cardPrice, fromPrice, hasVariablePrice, lineShownTotal, oldPrice, sizeShownPrice, undecidedFromPrice } from './prices';

const item = (input: Record<string, unknown>) => menuItem.parse({ id: 'x', nameDE: 'x', sizes: [{ vol: 'standard', price: 990 }], ...input });

describe('list prices', () => {
  it('shows the lowest size price for the order mode', () => {
    const burrito = item({
      sizes: [
        { vol: 'Regular', price: 1090, takeAwayPrice: 1050 },
        { vol: 'Large', price: 1290, takeAwayPrice: 1250 },
      ],
    });
    expect(fromPrice(burrito, 'takeaway')).toBe(1050);
    expect(fromPrice(burrito, 'inhouse')).toBe(1090);
    expect(hasVariablePrice(burrito)).toBe(true);
    expect(hasVariablePrice(item({}))).toBe(false);
  });

  it('counts an unchosen replaceArticle step with its cheapest option, and combinations at their lowest price', () => {
    const own = item({
      sizes: [{ vol: 'standard', price: 0 }],
      extras: {
        variants: [
          {
            title: 'Größe',
            replaceArticle: true,
            options: [
              { id: 'l', labelDE: 'L', cost: 1290 },
              { id: 'r', labelDE: 'R', cost: 1090 },
            ],
          },
        ],
      },
    });
    expect(fromPrice(own, 'takeaway')).toBe(1090);
    expect(undecidedFromPrice(own, 0, false, 'takeaway')).toBe(1090);
    const combo = item({
      sizes: [{ vol: 'standard', price: 1590 }],
      extras: {
        variants: [
          { title: 'A', options: [{ id: 'a', labelDE: 'a' }] },
          {
            title: 'B',
            options: [
              { id: 'b1', labelDE: 'b1' },
              { id: 'b2', labelDE: 'b2' },
            ],
          },
        ],
        combinations: [
          { id: 'a.b1', price: 1190 },
          { id: 'a.b2', price: 1290 },
        ],
      },
    });
    expect(fromPrice(combo, 'inhouse')).toBe(1190);
    expect(undecidedFromPrice(combo, 1590, false, 'inhouse')).toBe(1190);
    expect(undecidedFromPrice(combo, 1290, true, 'inhouse')).toBeNull();
  });

  it("takes the size's old price before the item's", () => {
    const sale = item({
      streichPreis: 1500,
      sizes: [
        { vol: 'A', price: 900, streichPreis: 1200 },
        { vol: 'B', price: 1000 },
      ],
    });
    expect(oldPrice(sale, 'A')).toBe(1200);
    expect(oldPrice(sale, 'B')).toBe(1500);
  });
});

describe('offer prices where the guest decides (requirements#accessibility)', () => {
  const NOW = 1_800_000_000_000;
  const veggie = item({ id: 'bowl-veggie', sizes: [{ vol: 'standard', price: 1090, takeAwayPrice: 1050 }] });
  const offers = [
    offer.parse({ id: 'veggie-woche', name: 'Veggie-Woche', type: 'discountOffer', usecase: 'all', offerDiscount: 15, items: [{ id: 'bowl-veggie' }] }),
  ];

  it('the card shows the offer price with the normal price crossed out (10,50 € → 8,92 € for takeaway)', () => {
    expect(cardPrice(veggie, 'takeaway', offers, NOW)).toEqual({ price: 892, old: 1050, offer: true });
    expect(cardPrice(veggie, 'takeaway', [], NOW)).toEqual({ price: 1050, old: undefined, offer: false });
    expect(cardPrice(veggie, 'takeaway', [{ ...offers[0]!, active: false }], NOW).offer).toBe(false);
  });

  it('the item page shows the chosen size under the offer, and the line total as the cart charges it', () => {
    expect(sizeShownPrice(veggie, 'standard', 1050, 'takeaway', offers, NOW)).toEqual({ price: 892, old: 1050, offer: true });
    expect(lineShownTotal(veggie, { vol: 'standard', count: 2, sizePrice: 1050, sumOfExtras: 0, itemTotal: 2100 }, 'takeaway', offers, NOW)).toEqual({
      price: 1785,
      old: 2100,
      offer: true,
    });
  });
});
