import { describe, expect, it } from 'vitest';
import { offer } from '../contract/cart';
import { bestOffer, offerApplies, offerCovers, offerUnitPrice } from './offers';

const NOW = 1_800_000_000_000;
const priceOffer = offer.parse({ id: 'p', name: 'P', type: 'priceOffer', usecase: 'takeAway', offerPrice: 700, items: [{ id: 'x' }] });
const discountOffer = offer.parse({ id: 'd', name: 'D', type: 'discountOffer', usecase: 'delivery', offerDiscount: 25, items: [{ id: 'x', vol: 'L' }] });

describe('offers (shop-spec §3 Offer)', () => {
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

  it('bestOffer ignores offers that would not lower the price', () => {
    const expensive = { ...priceOffer, offerPrice: 2000 };
    expect(bestOffer([expensive], { id: 'x', vol: '', sizePrice: 950, sumOfExtras: 0 }, 'takeaway', NOW)).toBeNull();
    expect(bestOffer([priceOffer], { id: 'x', vol: '', sizePrice: 950, sumOfExtras: 0 }, 'takeaway', NOW)?.unitPrice).toBe(700);
  });
});
