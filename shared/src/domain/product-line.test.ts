import { describe, expect, it } from 'vitest';
import { productLine } from '../contract/cart';
import { burrito, item } from './__fixtures__/menu';
import { addExtraPortion, initialConfig, toggleOption } from './configurator';
import { buildProductLine, lineType } from './product-line';

const category = { id: 'burritos', type: 'food' as const, delay: 10 };

describe('buildProductLine', () => {
  it('builds a contract-valid line priced for the order mode, with trimmed note and no empty portions', () => {
    let config = initialConfig(burrito);
    const r = toggleOption(burrito, config, 0, 'rice-mex');
    if (!r.ok) throw new Error('refused');
    config = addExtraPortion(burrito, { ...r.config, vol: 'Large', stylesSelected: ['guac'], count: 2, notes: '  ohne Koriander ' }, 3);
    const line = buildProductLine(config, { item: burrito, category, mode: 'takeaway', cartItemId: 'ci-1', now: 1 });
    expect(productLine.parse(line)).toEqual(line);
    expect(line).toMatchObject({
      id: 'burrito',
      type: 'food',
      categoryId: 'burritos',
      delay: 10,
      vol: 'Large',
      count: 2,
      sizePrice: 1250,
      sumOfExtras: 200,
      itemTotal: 2900,
      takeAwaySizePrice: 1250,
      notes: 'ohne Koriander',
      gramm: 300,
      stylesSelected: ['guac'],
    });
    expect(line.variantsSelected.some((v) => v.portion > 0)).toBe(false);
    const inhouse = buildProductLine(config, { item: burrito, category, mode: 'inhouse', cartItemId: 'ci-2', gang: 'Hauptspeise' });
    expect(inhouse).toMatchObject({ sizePrice: 1290, itemTotal: 2 * 1490, takeAwayItemTotal: 2900, gang: 'Hauptspeise' });
  });

  it('keeps a unikat line at one piece and copies stock, days and ticket flags', () => {
    const box = item({ id: 'box', unikat: true, bestand: 4, days: [5], gramm: 800 });
    const line = buildProductLine({ ...initialConfig(box), count: 3 }, { item: box, category, mode: 'takeaway', cartItemId: 'ci-3' });
    expect(line).toMatchObject({ count: 1, itemTotal: 1000, unikat: true, hasBestand: true, bestand: 4, days: [5], gramm: 800 });
    expect(lineType({ ticket: true }, { type: 'food' })).toBe('ticket');
    expect(lineType({}, { type: 'drink' })).toBe('drink');
  });
});
