import { describe, expect, it } from 'vitest';
import { burrito, item } from './__fixtures__/menu';
import {
  costForVol,
  includedOptionIds,
  isHiddenVol,
  matchedCombination,
  pfandOf,
  optionDetails,
  optionTitle,
  priceSelection,
  sizePriceFor,
  stepTitle,
  validateSelection,
  type LineSelection,
} from './line-pricing';
import { applyGlobalExtras } from './menu-visibility';

const base: LineSelection = {
  vol: 'Regular',
  variantsSelected: [
    { stepIndex: 0, optionIds: ['rice-mex'], portion: 0 },
    { stepIndex: 4, optionIds: ['wrap'], portion: 0 },
  ],
  stylesSelected: [],
  count: 1,
};

function withSteps(...steps: LineSelection['variantsSelected']): LineSelection {
  return { ...base, variantsSelected: [...base.variantsSelected, ...steps] };
}

describe('size prices per order mode', () => {
  it('uses the takeaway price for takeaway, the delivery price for delivery and the plain price in-house', () => {
    const size = burrito.sizes[0]!;
    expect(sizePriceFor(size, 'takeaway')).toBe(1050);
    expect(sizePriceFor(size, 'delivery')).toBe(1150);
    expect(sizePriceFor(size, 'inhouse')).toBe(1090);
    expect(sizePriceFor(burrito.sizes[1]!, 'delivery')).toBe(1250);
  });

  it("hides an empty or 'standard' size label", () => {
    expect(isHiddenVol('')).toBe(true);
    expect(isHiddenVol('Standard')).toBe(true);
    expect(isHiddenVol('0,3 l')).toBe(false);
  });
});

describe('labels', () => {
  it("splits an option label at '|' into title and detail lines", () => {
    expect(optionTitle('Mexican Rice|mit Tomate|und Koriander')).toBe('Mexican Rice');
    expect(optionDetails('Mexican Rice|mit Tomate|und Koriander')).toEqual(['mit Tomate', 'und Koriander']);
    expect(optionDetails('Limetten-Reis')).toEqual([]);
  });

  it("shows a step titled 'Schritt' as 'Optionen'", () => {
    expect(stepTitle({ title: 'Schritt' })).toBe('Optionen');
    expect(stepTitle({ title: 'Reis' })).toBe('Reis');
  });
});

describe('priceSelection', () => {
  it('prices a plain choice at the size price', () => {
    const p = priceSelection(burrito, base, 'takeaway');
    expect(p).toMatchObject({ sizePrice: 1050, sumOfExtras: 0, unitPrice: 1050, itemTotal: 1050 });
    expect(p.extrasToDisplay).toBe('Mexican Rice, Eingerollt');
  });

  it('charges volCosts per size for add-ons and options', () => {
    expect(costForVol(burrito.extras.styles[0]!, 'Large')).toBe(200);
    expect(costForVol(burrito.extras.styles[0]!, 'Regular')).toBe(150);
    const large = priceSelection(burrito, { ...base, vol: 'Large', stylesSelected: ['guac'], count: 2 }, 'takeaway');
    expect(large).toMatchObject({ sizePrice: 1250, sumOfExtras: 200, itemTotal: 2 * 1450 });
  });

  it('makes the first freeArticles options of a step free and charges the rest', () => {
    const one = priceSelection(burrito, withSteps({ stepIndex: 1, optionIds: ['top-pico'], portion: 0 }), 'takeaway');
    expect(one.sumOfExtras).toBe(0);
    const two = priceSelection(burrito, withSteps({ stepIndex: 1, optionIds: ['top-pico', 'top-corn'], portion: 0 }), 'takeaway');
    expect(two.sumOfExtras).toBe(80);
    expect(two.extras.filter((e) => e.name === 'Pico de Gallo' || e.name === 'Mais').map((e) => [e.name, e.price])).toEqual([
      ['Pico de Gallo', 0],
      ['Mais', 80],
    ]);
  });

  it('counts the most expensive chosen options as included, whatever their menu order (docs/requirements.md#sums)', () => {
    const bowl = item({
      sizes: [{ vol: 'standard', price: 1090 }],
      extras: {
        variants: [
          {
            title: 'Toppings',
            multi: true,
            maxOptions: 5,
            freeArticles: 3,
            options: [
              { id: 'corn', labelDE: 'Mais', cost: 70 },
              { id: 'beans', labelDE: 'Black Beans', cost: 70 },
              { id: 'pico', labelDE: 'Pico de Gallo', cost: 70 },
              { id: 'avocado', labelDE: 'Avocado', cost: 120 },
            ],
          },
        ],
      },
    });
    const chosen = ['corn', 'beans', 'pico', 'avocado'];
    const priced = priceSelection(
      bowl,
      { vol: 'standard', variantsSelected: [{ stepIndex: 0, optionIds: chosen, portion: 0 }], stylesSelected: [], count: 1 },
      'inhouse',
    );
    expect(priced.sumOfExtras).toBe(70);
    expect(priced.extras.map((e) => [e.name, e.price])).toEqual([
      ['Mais', 0],
      ['Black Beans', 0],
      ['Pico de Gallo', 70],
      ['Avocado', 0],
    ]);
    expect([...includedOptionIds(bowl.extras.variants[0]!, chosen, 'standard')].sort()).toEqual(['avocado', 'beans', 'corn']);
  });

  it('charges an extra portion in full', () => {
    const p = priceSelection(
      burrito,
      withSteps({ stepIndex: 3, optionIds: ['salsa-verde'], portion: 0 }, { stepIndex: 3, optionIds: ['salsa-roja'], portion: 1 }),
      'takeaway',
    );
    expect(p.sumOfExtras).toBe(100);
    expect(p.extrasToDisplay).toContain('+ Extra Portion Salsa Roja');
  });

  it('charges an extra portion even where the step has free articles (docs/requirements.md#sums): literal euros', () => {
    // One salsa inclusive (freeArticles 1), 0,50 € each: the main portion's salsa is free, the extra
    // portion's is charged. Regular takeaway 10,50 €.
    const salsaStep = { ...burrito.extras.variants[3]!, freeArticles: 1 };
    const oneSalsaFree = { ...burrito, extras: { ...burrito.extras, variants: burrito.extras.variants.map((s, i) => (i === 3 ? salsaStep : s)) } };
    const selection = withSteps({ stepIndex: 3, optionIds: ['salsa-verde'], portion: 0 }, { stepIndex: 3, optionIds: ['salsa-roja'], portion: 1 });
    const p = priceSelection(oneSalsaFree, { ...selection, count: 2 }, 'takeaway');
    expect(p.extras.filter((e) => e.name.includes('Salsa')).map((e) => [e.name, e.price])).toEqual([
      ['Salsa Verde', 0], // 0,00 €
      ['+ Extra Portion Salsa Roja', 50], // 0,50 €
    ]);
    expect(p.unitPrice).toBe(1100); // 11,00 €
    expect(p.itemTotal).toBe(2200); // 2 × 11,00 € = 22,00 €
  });

  it("shows 'ohne' as 'ohne <step>' at no cost", () => {
    const p = priceSelection(burrito, { ...base, variantsSelected: [{ stepIndex: 0, optionIds: ['rice-none'], portion: 0 }] }, 'takeaway');
    expect(p.extrasToDisplay).toBe('ohne Reis');
    expect(p.itemTotal).toBe(1050);
  });

  it('uses the combination price when the chosen options match a combination', () => {
    const combo = item({
      sizes: [{ vol: 'standard', price: 1500 }],
      extras: {
        variants: [
          {
            title: 'Hauptgericht',
            options: [
              { id: 'main-burrito', labelDE: 'Burrito' },
              { id: 'main-bowl', labelDE: 'Bowl' },
            ],
          },
          {
            title: 'Beilage',
            options: [
              { id: 'side-nachos', labelDE: 'Nachos', cost: 300 },
              { id: 'side-salad', labelDE: 'Salat', cost: 300 },
            ],
          },
        ],
        combinations: [{ id: 'main-burrito.side-nachos', price: 1290, streichPreis: 1800 }],
      },
    });
    const sel = (a: string, b: string): LineSelection => ({
      vol: 'standard',
      variantsSelected: [
        { stepIndex: 0, optionIds: [a], portion: 0 },
        { stepIndex: 1, optionIds: [b], portion: 0 },
      ],
      stylesSelected: [],
      count: 1,
    });
    expect(priceSelection(combo, sel('main-burrito', 'side-nachos'), 'inhouse')).toMatchObject({ sizePrice: 1290, sumOfExtras: 0, itemTotal: 1290 });
    expect(priceSelection(combo, sel('main-bowl', 'side-nachos'), 'inhouse')).toMatchObject({ sizePrice: 1500, sumOfExtras: 300, itemTotal: 1800 });
  });

  it('charges the deposit (Pfand) of the size per unit, as its own extra (docs/requirements.md#sums)', () => {
    const cola = item({
      sizes: [
        { vol: '0,33 l', price: 350, takeAwayPrice: 330, pfand: 15 },
        { vol: '0,5 l', price: 420 },
      ],
    });
    const sel = (vol: string, count: number): LineSelection => ({ vol, variantsSelected: [], stylesSelected: [], count });
    expect(priceSelection(cola, sel('0,33 l', 2), 'takeaway')).toMatchObject({
      sizePrice: 330,
      sumOfExtras: 15,
      unitPrice: 345,
      itemTotal: 690,
      extras: [{ name: 'Pfand', price: 15 }],
      extrasToDisplay: 'Pfand',
    });
    expect(priceSelection(cola, sel('0,5 l', 1), 'inhouse')).toMatchObject({ sumOfExtras: 0, itemTotal: 420, extras: [] });
    expect(pfandOf(cola, '0,33 l')).toBe(15);
    expect(pfandOf(cola, '0,5 l')).toBe(0);
  });

  it('finds the combination by id, never by price: two combinations of one price keep their own strike prices', () => {
    const combo = item({
      sizes: [{ vol: 'standard', price: 1590 }],
      extras: {
        variants: [
          {
            title: 'Hauptgericht',
            options: [
              { id: 'b', labelDE: 'Burrito' },
              { id: 'w', labelDE: 'Bowl' },
            ],
          },
          {
            title: 'Beilage',
            options: [
              { id: 'n', labelDE: 'Nachos' },
              { id: 's', labelDE: 'Salat' },
            ],
          },
        ],
        combinations: [
          { id: 'b.s', price: 1390, streichPreis: 1840 },
          { id: 'w.n', price: 1390, streichPreis: 1780 },
        ],
      },
    });
    const pick = (a: string, b: string) => ({
      variantsSelected: [
        { stepIndex: 1, optionIds: [b], portion: 0 },
        { stepIndex: 0, optionIds: [a], portion: 0 },
      ],
    });
    expect(matchedCombination(combo, pick('w', 'n'))).toEqual({ id: 'w.n', price: 1390, streichPreis: 1780 });
    expect(matchedCombination(combo, pick('b', 's'))?.streichPreis).toBe(1840);
    expect(matchedCombination(combo, pick('b', 'n'))).toBeUndefined();
    expect(matchedCombination(combo, { variantsSelected: [{ stepIndex: 0, optionIds: ['w'], portion: 0 }] })).toBeUndefined();
  });

  it("makes a replaceArticle option's cost the base price", () => {
    const own = item({
      sizes: [{ vol: 'standard', price: 0 }],
      extras: {
        variants: [
          {
            title: 'Basis',
            replaceArticle: true,
            options: [
              { id: 'bowl-r', labelDE: 'Bowl Regular', cost: 990 },
              { id: 'bowl-l', labelDE: 'Bowl Large', cost: 1190 },
            ],
          },
          { title: 'Extras', multi: true, optional: true, options: [{ id: 'egg', labelDE: 'Ei', cost: 100 }] },
        ],
      },
    });
    const p = priceSelection(
      own,
      {
        vol: 'standard',
        variantsSelected: [
          { stepIndex: 0, optionIds: ['bowl-l'], portion: 0 },
          { stepIndex: 1, optionIds: ['egg'], portion: 0 },
        ],
        stylesSelected: [],
        count: 3,
      },
      'takeaway',
    );
    expect(p).toMatchObject({ sizePrice: 1190, sumOfExtras: 100, unitPrice: 1290, itemTotal: 3870, originalSizePrice: 0 });
  });
});

describe('validateSelection', () => {
  it('accepts a complete selection', () => {
    expect(validateSelection(burrito, base)).toEqual([]);
  });

  it('reports unknown sizes, options and add-ons, bad counts and too many options', () => {
    const problems = validateSelection(burrito, {
      vol: 'XXL',
      variantsSelected: [
        { stepIndex: 0, optionIds: ['rice-mex'], portion: 0 },
        { stepIndex: 1, optionIds: ['top-pico', 'top-corn', 'top-jal'], portion: 0 },
        { stepIndex: 4, optionIds: ['nope'], portion: 0 },
        { stepIndex: 9, optionIds: [], portion: 0 },
      ],
      stylesSelected: ['gold'],
      count: 0,
    }).map((p) => p.kind);
    expect(problems).toEqual(expect.arrayContaining(['bad-count', 'unknown-size', 'too-many', 'unknown-option', 'unknown-step', 'unknown-style']));
  });

  it('refuses choices in a hidden (untriggered) step and portions of a step that is not extendable', () => {
    const kinds = validateSelection(
      burrito,
      withSteps({ stepIndex: 2, optionIds: ['jal-fresh'], portion: 0 }, { stepIndex: 0, optionIds: ['rice-lime'], portion: 1 }),
    ).map((p) => p.kind);
    expect(kinds).toEqual(expect.arrayContaining(['hidden-step', 'portion-not-allowed']));
  });

  it('refuses options and add-ons deactivated by an inactive global extra', () => {
    const off = applyGlobalExtras(burrito, [
      { label: 'Guacamole', active: false },
      { label: 'Jalapeños', active: false },
    ]);
    const kinds = validateSelection(off, { ...withSteps({ stepIndex: 1, optionIds: ['top-jal'], portion: 0 }), stylesSelected: ['guac'] }).map((p) => p.kind);
    expect(kinds).toEqual(expect.arrayContaining(['inactive-option', 'inactive-style']));
  });

  it('reports a missing choice with the step title', () => {
    expect(validateSelection(burrito, { ...base, variantsSelected: [] })).toContainEqual({ kind: 'missing-choice', stepIndex: 0, title: 'Reis' });
  });
});

describe('validateSelection refuses what only a tampered request sends', () => {
  it('a step sent twice (more toppings than allowed, two rices in a single choice), an option or add-on twice', () => {
    const twice = validateSelection(burrito, {
      ...base,
      variantsSelected: [...base.variantsSelected, { stepIndex: 0, optionIds: ['rice-lime'], portion: 0 }],
    }).map((p) => p.kind);
    expect(twice).toContain('duplicate-step');
    const sameOption = validateSelection(burrito, withSteps({ stepIndex: 1, optionIds: ['top-pico', 'top-pico'], portion: 0 })).map((p) => p.kind);
    expect(sameOption).toContain('duplicate-option');
    expect(validateSelection(burrito, { ...base, stylesSelected: ['guac', 'guac'] }).map((p) => p.kind)).toContain('duplicate-style');
  });

  it('a count beyond the limit and more extra portions than allowed', () => {
    expect(validateSelection(burrito, { ...base, count: 2_000_000 }).map((p) => p.kind)).toContain('bad-count');
    expect(validateSelection(burrito, { ...base, count: 99 })).toEqual([]);
  });
});
