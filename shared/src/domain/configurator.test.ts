import { describe, expect, it } from 'vitest';
import { burrito, item } from './__fixtures__/menu';
import {
  addExtraPortion,
  applyTriggers,
  chooseInDropdown,
  chooseSize,
  configFromLine,
  extraPortions,
  finalSelection,
  freeArticlesLeft,
  initialConfig,
  isOptionSelected,
  lineDelay,
  missingChoice,
  normaliseNote,
  preselectedOptionIds,
  removeExtraPortion,
  sanitizeConfig,
  selectedIdsOf,
  setCount,
  stepControl,
  toggleOption,
  toggleStyle,
  visibleStepIndexes,
  type ItemConfig,
} from './configurator';
import { applyGlobalExtras } from './menu-visibility';

function tap(config: ItemConfig, stepIndex: number, optionId: string, it = burrito): ItemConfig {
  const result = toggleOption(it, config, stepIndex, optionId);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.config;
}

describe('single-choice steps (requirements#shop-behaviour)', () => {
  it('selecting an option deselects the others', () => {
    let c = tap(initialConfig(burrito), 0, 'rice-mex');
    c = tap(c, 0, 'rice-lime');
    expect(selectedIdsOf(c, 0)).toEqual(['rice-lime']);
  });

  it('tapping the selected option deselects it when the step has more than one option', () => {
    const c = tap(tap(initialConfig(burrito), 0, 'rice-mex'), 0, 'rice-mex');
    expect(selectedIdsOf(c, 0)).toEqual([]);
  });

  it('tapping the selected option of a one-option step keeps it selected', () => {
    const c = initialConfig(burrito);
    expect(selectedIdsOf(c, 4)).toEqual(['wrap']);
    expect(selectedIdsOf(tap(c, 4, 'wrap'), 4)).toEqual(['wrap']);
  });

  it("'ohne' clears all options of the step, and another choice clears 'ohne'", () => {
    let c = tap(initialConfig(burrito), 0, 'rice-mex');
    c = tap(c, 0, 'rice-none');
    expect(selectedIdsOf(c, 0)).toEqual(['rice-none']);
    c = tap(c, 0, 'rice-lime');
    expect(selectedIdsOf(c, 0)).toEqual(['rice-lime']);
  });

  it("'ohne' in a multi step clears the chosen options", () => {
    const multi = item({
      extras: {
        variants: [
          {
            title: 'Saucen',
            multi: true,
            options: [
              { id: 'a', labelDE: 'A' },
              { id: 'b', labelDE: 'B' },
              { id: 'none', labelDE: 'ohne', ohne: true },
            ],
          },
        ],
      },
    });
    let c = tap(tap(initialConfig(multi), 0, 'a', multi), 0, 'b', multi);
    c = tap(c, 0, 'none', multi);
    expect(selectedIdsOf(c, 0)).toEqual(['none']);
    expect(selectedIdsOf(tap(c, 0, 'a', multi), 0)).toEqual(['a']);
  });
});

describe('multi steps up to maxOptions', () => {
  it('toggles options on and off', () => {
    let c = tap(initialConfig(burrito), 1, 'top-pico');
    c = tap(c, 1, 'top-corn');
    expect(selectedIdsOf(c, 1)).toEqual(['top-pico', 'top-corn']);
    expect(selectedIdsOf(tap(c, 1, 'top-pico'), 1)).toEqual(['top-corn']);
  });

  it("refuses a choice beyond maxOptions ('Maximal {n} Optionen möglich') and keeps the configuration", () => {
    const c = tap(tap(initialConfig(burrito), 1, 'top-pico'), 1, 'top-corn');
    const result = toggleOption(burrito, c, 1, 'top-jal');
    expect(result).toMatchObject({ ok: false, reason: 'max-options', max: 2 });
    expect(selectedIdsOf(result.config, 1)).toEqual(['top-pico', 'top-corn']);
  });
});

describe('triggers', () => {
  it('a step with a trigger appears only while a trigger option is selected', () => {
    const c = initialConfig(burrito);
    expect(visibleStepIndexes(burrito, c)).not.toContain(2);
    const withJal = tap(c, 1, 'top-jal');
    expect(visibleStepIndexes(burrito, withJal)).toContain(2);
  });

  it('hiding a step clears its selections', () => {
    let c = tap(initialConfig(burrito), 1, 'top-jal');
    c = tap(c, 2, 'jal-pickled');
    expect(selectedIdsOf(c, 2)).toEqual(['jal-pickled']);
    c = tap(c, 1, 'top-jal');
    expect(selectedIdsOf(c, 2)).toEqual([]);
    expect(c.variantsSelected.some((s) => s.stepIndex === 2)).toBe(false);
  });

  it('clears chains: a step triggered by a hidden step disappears too', () => {
    const chain = item({
      extras: {
        variants: [
          { title: 'A', optional: true, multi: true, options: [{ id: 'a1', labelDE: 'a1' }] },
          { title: 'B', trigger: ['a1'], multi: true, optional: true, options: [{ id: 'b1', labelDE: 'b1' }] },
          { title: 'C', trigger: ['b1'], multi: true, optional: true, options: [{ id: 'c1', labelDE: 'c1' }] },
        ],
      },
    });
    const variants = applyTriggers(chain, [
      { stepIndex: 1, optionIds: ['b1'], portion: 0 },
      { stepIndex: 2, optionIds: ['c1'], portion: 0 },
    ]);
    expect(variants).toEqual([]);
  });
});

describe('preselection', () => {
  it('preselects a non-multi, non-optional, trigger-free step with exactly one option', () => {
    expect(preselectedOptionIds(burrito.extras.variants[4]!)).toEqual(['wrap']);
  });

  it('does not preselect a one-option step that is optional, multi or triggered', () => {
    const base = { title: 'x', options: [{ id: 'o', labelDE: 'o', cost: 0, active: true }] };
    expect(preselectedOptionIds({ ...base, optional: true })).toEqual([]);
    expect(preselectedOptionIds({ ...base, multi: true })).toEqual([]);
    expect(preselectedOptionIds({ ...base, trigger: ['t'] })).toEqual([]);
  });

  it('preselects a replaceArticle step with one option even when optional', () => {
    const step = { title: 'Basis', optional: true, replaceArticle: true, options: [{ id: 'b', labelDE: 'Bowl', cost: 990, active: true }] };
    expect(preselectedOptionIds(step)).toEqual(['b']);
  });

  it('preselects aaaSelected options', () => {
    const step = {
      title: 'Sauce',
      multi: true,
      options: [
        { id: 'a', labelDE: 'a', cost: 0, active: true, aaaSelected: true },
        { id: 'b', labelDE: 'b', cost: 0, active: true },
      ],
    };
    expect(preselectedOptionIds(step)).toEqual(['a']);
  });

  it('a step revealed by a trigger gets its preselection', () => {
    const it2 = item({
      extras: {
        variants: [
          { title: 'A', multi: true, optional: true, options: [{ id: 'a1', labelDE: 'a1' }] },
          {
            title: 'B',
            trigger: ['a1'],
            options: [
              { id: 'b1', labelDE: 'b1', aaaSelected: true },
              { id: 'b2', labelDE: 'b2' },
            ],
          },
        ],
      },
    });
    const c = tap(initialConfig(it2), 0, 'a1', it2);
    expect(selectedIdsOf(c, 1)).toEqual(['b1']);
  });
});

describe('extra portion', () => {
  it("'+ Extra Portion' duplicates an extendable step as a dropdown portion that can be removed", () => {
    let c = addExtraPortion(burrito, initialConfig(burrito), 3);
    c = addExtraPortion(burrito, c, 3);
    expect(extraPortions(c, 3)).toEqual([1, 2]);
    c = chooseInDropdown(burrito, c, 3, 'salsa-roja', 1);
    expect(selectedIdsOf(c, 3, 1)).toEqual(['salsa-roja']);
    c = removeExtraPortion(c, 3, 2);
    expect(extraPortions(c, 3)).toEqual([1]);
  });

  it('a step that is not extendable gets no extra portion', () => {
    expect(extraPortions(addExtraPortion(burrito, initialConfig(burrito), 0), 0)).toEqual([]);
  });

  it('an extra portion without a choice is dropped when the line is built', () => {
    const c = addExtraPortion(burrito, initialConfig(burrito), 3);
    expect(finalSelection(c).variantsSelected.some((s) => s.portion > 0)).toBe(false);
  });
});

describe('missing choice (add flow)', () => {
  it('names the first required, visible step without a choice (Schritt shown as Optionen)', () => {
    const c = initialConfig(burrito);
    expect(missingChoice(burrito, c)).toEqual({ stepIndex: 0, title: 'Reis' });
    const stepOnly = item({
      extras: {
        variants: [
          {
            title: 'Schritt',
            options: [
              { id: 'a', labelDE: 'a' },
              { id: 'b', labelDE: 'b' },
            ],
          },
        ],
      },
    });
    expect(missingChoice(stepOnly, initialConfig(stepOnly))?.title).toBe('Optionen');
  });

  it("accepts 'ohne' as a choice and does not require optional steps", () => {
    const c = tap(initialConfig(burrito), 0, 'rice-none');
    expect(missingChoice(burrito, c)).toBeNull();
  });

  it('requires a step revealed by a trigger', () => {
    const c = tap(tap(initialConfig(burrito), 0, 'rice-mex'), 1, 'top-jal');
    expect(missingChoice(burrito, c)).toEqual({ stepIndex: 2, title: 'Jalapeño-Sorte' });
    expect(missingChoice(burrito, tap(c, 2, 'jal-fresh'))).toBeNull();
  });

  it('does not require implicit steps', () => {
    const implicit = item({
      extras: {
        variants: [
          {
            title: 'Inklusive',
            implicit: true,
            options: [
              { id: 'a', labelDE: 'a' },
              { id: 'b', labelDE: 'b' },
            ],
          },
        ],
      },
    });
    expect(missingChoice(implicit, initialConfig(implicit))).toBeNull();
  });
});

describe('add-ons, size, count and note', () => {
  it('toggles add-ons; a deactivated add-on (inactive global extra) cannot be chosen', () => {
    const c = toggleStyle(burrito, initialConfig(burrito), 'guac');
    expect(c.stylesSelected).toEqual(['guac']);
    expect(toggleStyle(burrito, c, 'guac').stylesSelected).toEqual([]);
    const off = applyGlobalExtras(burrito, [{ label: 'Guacamole', active: false }]);
    expect(toggleStyle(off, initialConfig(off), 'guac').stylesSelected).toEqual([]);
  });

  it('an option deactivated by a global extra cannot be tapped', () => {
    const off = applyGlobalExtras(burrito, [{ label: 'Jalapeños', active: false }]);
    expect(selectedIdsOf(tap(initialConfig(off), 1, 'top-jal', off), 1)).toEqual([]);
  });

  it('changes the size only to an existing one', () => {
    const c = initialConfig(burrito);
    expect(c.vol).toBe('Regular');
    expect(chooseSize(burrito, c, 'Large').vol).toBe('Large');
    expect(chooseSize(burrito, c, 'XXL').vol).toBe('Regular');
  });

  it('keeps the quantity at least 1, and a unikat item at exactly 1', () => {
    const c = initialConfig(burrito);
    expect(setCount(burrito, c, 0).count).toBe(1);
    expect(setCount(burrito, c, 3).count).toBe(3);
    const unikat = item({ unikat: true });
    expect(setCount(unikat, initialConfig(unikat), 4).count).toBe(1);
  });

  it('trims item notes', () => {
    expect(normaliseNote('  ohne Zwiebeln \n')).toBe('ohne Zwiebeln');
    expect(finalSelection({ ...initialConfig(burrito), notes: '  scharf  ' }).notes).toBe('scharf');
  });
});

describe('editing and menu reloads', () => {
  it('rebuilds the configuration of a cart line', () => {
    const c = configFromLine(burrito, {
      kind: 'product',
      cartItemId: 'ci-1',
      id: 'burrito',
      delay: 0,
      type: 'food',
      nameToDisplay: 'Burrito',
      description: '',
      notes: 'extra scharf',
      vol: 'Large',
      count: 2,
      sizePrice: 1250,
      sumOfExtras: 0,
      itemTotal: 2500,
      extras: [],
      extrasToDisplay: '',
      variantsSelected: [{ stepIndex: 0, optionIds: ['rice-lime'], portion: 0 }],
      stylesSelected: ['cheese', 'gone'],
    });
    expect(c).toMatchObject({ vol: 'Large', count: 2, notes: 'extra scharf', stylesSelected: ['cheese'] });
    expect(isOptionSelected(c, 0, 'rice-lime')).toBe(true);
    expect(isOptionSelected(c, 4, 'wrap')).toBe(true);
  });

  it('drops options that vanished or were deactivated by a reload', () => {
    const c = tap(tap(initialConfig(burrito), 1, 'top-pico'), 1, 'top-jal');
    const reloaded = applyGlobalExtras(burrito, [{ label: 'Jalapeños', active: false }]);
    const sane = sanitizeConfig(reloaded, { ...c, vol: 'XXL' });
    expect(selectedIdsOf(sane, 1)).toEqual(['top-pico']);
    expect(sane.vol).toBe('Regular');
  });
});

describe('helpers', () => {
  it('shows a step as dropdown, checkboxes or radio buttons', () => {
    expect(stepControl(burrito.extras.variants[3]!)).toBe('dropdown');
    expect(stepControl(burrito.extras.variants[1]!)).toBe('checkbox');
    expect(stepControl(burrito.extras.variants[0]!)).toBe('radio');
  });

  it('counts the free articles left in a step', () => {
    const c = initialConfig(burrito);
    expect(freeArticlesLeft(burrito, c, 1)).toBe(1);
    expect(freeArticlesLeft(burrito, tap(c, 1, 'top-pico'), 1)).toBe(0);
  });

  it("a line's delay is the category's plus the item's own minutes", () => {
    expect(lineDelay({ delay: 10 }, { lieferzeit: 5 })).toBe(15);
    expect(lineDelay({ delay: 10 }, {})).toBe(10);
  });
});
