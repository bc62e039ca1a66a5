import { describe, expect, it } from 'vitest';
import { basePrice } from './base-price';

const salsaVerde = {
  sizes: [
    { vol: 'Becher 60 ml', price: 250, content: { amount: 60, unit: 'ml' as const } },
    { vol: 'Glas 250 g', price: 790, content: { amount: 250, unit: 'g' as const } },
  ],
};

describe('base price per kilo or litre (PAngV)', () => {
  it('requirements#accessibility: each size of the Salsa Verde has its own figure (60 ml cup 41,67 €/l, 250 g glass 31,60 €/kg)', () => {
    expect(basePrice(salsaVerde, 'Becher 60 ml', 250)).toEqual({ per: 'l', price: 4167 });
    expect(basePrice(salsaVerde, 'Glas 250 g', 790)).toEqual({ per: 'kg', price: 3160 });
  });

  it('follows the price the guest sees for the size (e.g. a takeaway price)', () => {
    expect(basePrice(salsaVerde, 'Glas 250 g', 750)).toEqual({ per: 'kg', price: 3000 });
  });

  it('the per-kilo price follows the price shown in each mode: Jalapeño Poppers 6,50 € in-house, 6,10 € takeaway', () => {
    const poppers = { sizes: [{ vol: 'standard', price: 650, takeAwayPrice: 610 }], kilopreis: 3611 };
    expect(basePrice(poppers, 'standard', 650)).toEqual({ per: 'kg', price: 3611 });
    expect(basePrice(poppers, 'standard', 610)).toEqual({ per: 'kg', price: 3389 });
  });

  it("uses the item's kilopreis only for an item with one size", () => {
    expect(basePrice({ sizes: [{ vol: 'standard', price: 650 }], kilopreis: 3611 }, 'standard', 650)).toEqual({ per: 'kg', price: 3611 });
    expect(
      basePrice(
        {
          sizes: [
            { vol: 'S', price: 250 },
            { vol: 'L', price: 790 },
          ],
          kilopreis: 3160,
        },
        'S',
        250,
      ),
    ).toBeNull();
    expect(basePrice({ sizes: [{ vol: 'standard', price: 650 }] }, 'standard', 650)).toBeNull();
  });
});
