import { describe, expect, it } from 'vitest';
import { burrito, item } from './__fixtures__/menu';
import {
  costForVol,
  isHiddenVol,
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

  it('charges an extra portion in full', () => {
    const p = priceSelection(
      burrito,
      withSteps({ stepIndex: 3, optionIds: ['salsa-verde'], portion: 0 }, { stepIndex: 3, optionIds: ['salsa-roja'], portion: 1 }),
      'takeaway',
    );
    expect(p.sumOfExtras).toBe(100);
    expect(p.extrasToDisplay).toContain('+ Extra Portion Salsa Roja');
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
