import { describe, expect, it } from 'vitest';
import { offer } from '../contract/cart';
import { bestOffer, offerLineTotal, offerApplies, offerCovers, offerPromotions, offerUnitPrice } from './offers';

const NOW = 1_800_000_000_000;
const priceOffer = offer.parse({ id: 'p', name: 'P', type: 'priceOffer', usecase: 'takeAway', offerPrice: 700, items: [{ id: 'x' }] });
const discountOffer = offer.parse({ id: 'd', name: 'D', type: 'discountOffer', usecase: 'delivery', offerDiscount: 25, items: [{ id: 'x', vol: 'L' }] });

describe('offers (requirements#entities Offer)', () => {
  it('apply per usecase: takeAway only to takeaway, delivery only to delivery, all everywhere', () => {
    expect(offerApplies(priceOffer, 'takeaway', NOW)).toBe(true);
    expect(offerApplies(priceOffer, 'inhouse', NOW)).toBe(false);
    expect(offerApplies(priceOffer, 'delivery', NOW)).toBe(false);
    expect(offerApplies(discountOffer, 'delivery', NOW)).toBe(true);
    expect(offerApplies(discountOffer, 'takeaway', NOW)).toBe(false);
    expect(offerApplies({ ...priceOffer, usecase: 'all' }, 'inhouse', NOW)).toBe(true);
  });

  it('do not apply when inactive or expired', () => {
    expect(offerApplies({ ...priceOffer, active: false }, 'takeaway', NOW)).toBe(false);
    expect(offerApplies({ ...priceOffer, validUntil: NOW - 1 }, 'takeaway', NOW)).toBe(false);
    expect(offerApplies({ ...priceOffer, validUntil: NOW }, 'takeaway', NOW)).toBe(true);
  });

  it('cover listed articles, a size when one is named', () => {
    expect(offerCovers(priceOffer, 'x', 'anything')).toBe(true);
    expect(offerCovers(discountOffer, 'x', 'L')).toBe(true);
    expect(offerCovers(discountOffer, 'x', 'M')).toBe(false);
    expect(offerCovers(priceOffer, 'y', '')).toBe(false);
  });

  it('price: priceOffer replaces the size price, discountOffer takes a percent off size and extras', () => {
    expect(offerUnitPrice(priceOffer, { sizePrice: 950, sumOfExtras: 100 })).toBe(800);
    expect(offerUnitPrice(discountOffer, { sizePrice: 950, sumOfExtras: 100 })).toBe(787); // 1050 - 262.5 -> 1050 - 263
  });

  it('line total: a percent offer is rounded once on the line, a price offer per unit', () => {
    expect(offerLineTotal(discountOffer, { sizePrice: 1050, sumOfExtras: 0 }, 2)).toBe(1575); // 2100 - 525
    expect(offerLineTotal({ ...discountOffer, offerDiscount: 15 }, { sizePrice: 1050, sumOfExtras: 0 }, 2)).toBe(1785); // 2100 - 315
    expect(offerLineTotal(priceOffer, { sizePrice: 950, sumOfExtras: 100 }, 3)).toBe(2400);
  });

  it('bestOffer compares whole lines', () => {
    const best = bestOffer([{ ...discountOffer, usecase: 'all' }], { id: 'x', vol: 'L', count: 2, sizePrice: 1050, sumOfExtras: 0 }, 'takeaway', NOW);
    expect(best).toMatchObject({ unitPrice: 787, lineTotal: 1575 });
  });

  it('bestOffer ignores offers that would not lower the price', () => {
    const expensive = { ...priceOffer, offerPrice: 2000 };
    expect(bestOffer([expensive], { id: 'x', vol: '', sizePrice: 950, sumOfExtras: 0 }, 'takeaway', NOW)).toBeNull();
    expect(bestOffer([priceOffer], { id: 'x', vol: '', sizePrice: 950, sumOfExtras: 0 }, 'takeaway', NOW)?.unitPrice).toBe(700);
  });
});

describe('offer promotions (offersUpdated)', () => {
  it('lists the articles of the offers in force, with their size where the offer names one', () => {
    const now = Date.UTC(2026, 10, 24);
    const list = [
      offer.parse({ id: 'a', name: 'A', type: 'priceOffer', usecase: 'all', offerPrice: 450, items: [{ id: 'drink-horchata', vol: '0,5 l' }] }),
      offer.parse({ id: 'b', name: 'B', type: 'discountOffer', usecase: 'all', offerDiscount: 15, items: [{ id: 'bowl-veggie' }] }),
      offer.parse({ id: 'off', name: 'Off', type: 'discountOffer', usecase: 'all', offerDiscount: 15, active: false, items: [{ id: 'x' }] }),
      offer.parse({ id: 'old', name: 'Old', type: 'discountOffer', usecase: 'all', offerDiscount: 15, validUntil: now - 1, items: [{ id: 'y' }] }),
    ];
    expect(offerPromotions(list, now)).toEqual([
      { offerId: 'a', itemId: 'drink-horchata', vol: '0,5 l' },
      { offerId: 'b', itemId: 'bowl-veggie' },
    ]);
  });
});
