import { describe, expect, it } from 'vitest';
import { menuCategory } from '../contract/menu';
import { de } from '../i18n';
import { burrito, item } from './__fixtures__/menu';
import {
  ADDITIVE_CODES,
  ALLERGEN_CODES,
  additiveNumber,
  allergenVerdict,
  avoidedAllergens,
  classifySubstances,
  hideItemsWithAllergens,
  isAlcoholic,
  passesAllergenFilter,
  selectionSubstances,
  toggleExcluded,
  truthfulDietSubstances,
  unavoidableSubstances,
} from './allergens';
import { initialConfig, toggleOption } from './configurator';

describe('legend', () => {
  it('has the 14 allergens lettered A to R and the additives 1 to 15, each with a German name', () => {
    expect(ALLERGEN_CODES).toHaveLength(14);
    expect(ALLERGEN_CODES[0]).toBe('A');
    expect(ALLERGEN_CODES[13]).toBe('R');
    expect(ADDITIVE_CODES.map(additiveNumber)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    for (const code of ALLERGEN_CODES) expect(de.menu.allergens[code]).toBeTruthy();
    for (const code of ADDITIVE_CODES) expect(de.menu.additives[code]).toBeTruthy();
    expect(de.menu.allergens.A).toBe('Glutenhaltiges Getreide');
    expect(de.menu.allergens.R).toBe('Weichtiere');
  });

  it('sorts codes into flags, allergens, additives, meat types and diets in legend order', () => {
    const c = classifySubstances(['z12', 'G', 'lVplus', 'A', 'z2', 'mRind', 'dScharf', 'unknown', 'lAlk']);
    expect(c).toEqual({ flags: ['lVplus', 'lAlk'], allergens: ['A', 'G'], additives: ['z2', 'z12'], meat: ['mRind'], diets: ['dScharf'] });
    expect(isAlcoholic({ substances: ['lAlk', 'A'] })).toBe(true);
  });
});

describe('labels follow the chosen options', () => {
  it('adds the substances of chosen options, extra portions and add-ons to the item', () => {
    let config = initialConfig(burrito);
    expect(selectionSubstances(burrito, config).sort()).toEqual(['A', 'G']);
    const r = toggleOption(burrito, config, 1, 'top-jal');
    if (!r.ok) throw new Error('refused');
    config = { ...r.config, stylesSelected: ['guac'] };
    expect(selectionSubstances(burrito, config).sort()).toEqual(['A', 'G', 'z2', 'z3']);
    const pickled = toggleOption(burrito, config, 2, 'jal-pickled');
    if (!pickled.ok) throw new Error('refused');
    expect(selectionSubstances(burrito, pickled.config)).toContain('O');
  });
});

describe('allergen filter', () => {
  const chips = item({ id: 'chips', substances: ['lVplus'] });
  const quesadilla = item({ id: 'quesadilla', substances: ['A', 'G'] });
  const taco = item({
    id: 'taco',
    substances: [],
    extras: {
      variants: [
        {
          title: 'Tortilla',
          options: [
            { id: 'wheat', labelDE: 'Weizen', substances: ['A'] },
            { id: 'corn', labelDE: 'Mais' },
          ],
        },
      ],
    },
  });
  const wrap = item({
    id: 'wrap',
    extras: {
      variants: [
        {
          title: 'Brot',
          options: [
            { id: 'w1', labelDE: 'Weizen', substances: ['A'] },
            { id: 'w2', labelDE: 'Dinkel', substances: ['A'] },
          ],
        },
      ],
    },
  });

  it('an allergen every choice of a required step carries is unavoidable', () => {
    expect([...unavoidableSubstances(wrap)]).toEqual(['A']);
    expect([...unavoidableSubstances(taco)]).toEqual([]);
  });

  it("'contains' when the item always has an excluded allergen, 'optional' when only options do", () => {
    expect(allergenVerdict(quesadilla, ['G'])).toBe('contains');
    expect(allergenVerdict(wrap, ['A'])).toBe('contains');
    expect(allergenVerdict(taco, ['A'])).toBe('optional');
    expect(allergenVerdict(chips, ['A'])).toBe('free');
    expect(allergenVerdict(quesadilla, [])).toBe('free');
  });

  it('hides items that always contain an excluded allergen and drops emptied categories', () => {
    const menu = [
      menuCategory.parse({ id: 'a', categoryDE: 'A', type: 'food', items: [chips, quesadilla, taco] }),
      menuCategory.parse({ id: 'b', categoryDE: 'B', type: 'food', items: [wrap] }),
    ];
    const filtered = hideItemsWithAllergens(menu, ['A']);
    expect(filtered.map((c) => c.id)).toEqual(['a']);
    expect(filtered[0]!.items.map((i) => i.id)).toEqual(['chips', 'taco']);
    expect(hideItemsWithAllergens(menu, [])).toBe(menu);
    // The same rule for a single list (more-items, favourites).
    expect([chips, quesadilla, taco, wrap].filter((i) => passesAllergenFilter(i, ['A'])).map((i) => i.id)).toEqual(['chips', 'taco']);
  });

  it('toggles codes in the excluded list, kept in legend order', () => {
    expect(toggleExcluded([], 'G')).toEqual(['G']);
    expect(toggleExcluded(['G'], 'A')).toEqual(['A', 'G']);
    expect(toggleExcluded(['A', 'G'], 'A')).toEqual(['G']);
  });
});

describe('the allergen filter in every list and on options (docs/requirements.md#item-configuration)', () => {
  it('names the avoided allergens an option contains, in legend order', () => {
    expect(avoidedAllergens(['G', 'A', 'z1'], ['A', 'G'])).toEqual(['A', 'G']);
    expect(avoidedAllergens(['G'], ['A'])).toEqual([]);
    expect(avoidedAllergens(undefined, ['G'])).toEqual([]);
    expect(avoidedAllergens(['G'], [])).toEqual([]);
  });
});

describe('diet badges stay true (docs/requirements.md#item-configuration)', () => {
  it("drops 'Vegan' when milk or egg can be in it (keeping 'Vegetarisch'), 'Vegetarisch' when meat or fish can", () => {
    const nachos = { substances: ['lVplus', 'A'] };
    expect(truthfulDietSubstances(nachos, ['lVplus', 'A'])).toEqual(['lVplus', 'A']);
    expect(truthfulDietSubstances(nachos, ['A', 'G'])).toEqual(['A', 'lV']);
    expect(truthfulDietSubstances(nachos, ['A', 'mRind'])).toEqual(['A']);
    expect(truthfulDietSubstances({ substances: ['lV'] }, ['D'])).toEqual([]);
    expect(truthfulDietSubstances({ substances: ['lV', 'G'] }, ['G', 'C'])).toEqual(['lV', 'G']);
  });
});
