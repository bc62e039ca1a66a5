import type { ProductLine, VariantSelection } from '../contract/cart';
import type { MenuCategory, MenuItem, VariantStep } from '../contract/menu';
import { isStepVisible, validateSelection, type LineSelection } from './line-pricing';
import { clampQuantity } from './quantity';

/**
 * The item configurator (requirements#item-configuration "Item configuration", requirements#add-to-cart "Adding to the cart"): the state of
 * one item being configured and the pure transitions the item page applies to it. Pricing of the
 * resulting selection is `priceSelection` (line-pricing.ts), shared with the server.
 */
export type Course = 'Vorspeise' | 'Hauptspeise' | 'Dessert';

export interface ItemConfig extends LineSelection {
  readonly vol: string;
  readonly variantsSelected: readonly VariantSelection[];
  readonly stylesSelected: readonly string[];
  readonly count: number;
  readonly notes: string;
}

export type ConfigChange =
  | { readonly ok: true; readonly config: ItemConfig }
  /** A multi step is full: 'Maximal {n} Optionen möglich'. */
  | { readonly ok: false; readonly reason: 'max-options'; readonly max: number; readonly config: ItemConfig };

function ok(config: ItemConfig): ConfigChange {
  return { ok: true, config };
}

/** Options of a step the guest can choose (active ones). */
function activeOptions(step: VariantStep) {
  return step.options.filter((o) => o.active);
}

/** Max options of a step: 1 for single choice, maxOptions (or all) for multi. */
export function maxOptionsOf(step: VariantStep): number {
  return step.multi ? (step.maxOptions ?? step.options.length) : 1;
}

/**
 * Preselection of a step (requirements#shop-behaviour): a non-multi, non-optional step with exactly one option
 * and no trigger is preselected; a replaceArticle step with one option too; options flagged
 * aaaSelected are preselected (within the step's limit).
 */
export function preselectedOptionIds(step: VariantStep): string[] {
  const options = activeOptions(step);
  const single = options.length === 1 ? options[0] : undefined;
  if (single && !step.multi && !step.optional && (!step.trigger || step.trigger.length === 0)) return [single.id];
  if (single && step.replaceArticle) return [single.id];
  return options
    .filter((o) => o.aaaSelected)
    .slice(0, maxOptionsOf(step))
    .map((o) => o.id);
}

/** Drops selections of steps that are hidden because their trigger is no longer selected (repeated until stable). */
export function applyTriggers(item: MenuItem, variants: readonly VariantSelection[]): VariantSelection[] {
  let current = [...variants];
  for (let round = 0; round <= item.extras.variants.length; round++) {
    const next = current.filter((sel) => {
      const step = item.extras.variants[sel.stepIndex];
      return step !== undefined && isStepVisible(step, sel.stepIndex, current);
    });
    if (next.length === current.length) return next;
    current = next;
  }
  return current;
}

/** Adds preselections for visible steps that have no main selection yet (used when a trigger reveals a step). */
function withPreselections(item: MenuItem, variants: readonly VariantSelection[]): VariantSelection[] {
  const result = [...variants];
  item.extras.variants.forEach((step, stepIndex) => {
    if (result.some((s) => s.stepIndex === stepIndex && s.portion === 0)) return;
    if (!isStepVisible(step, stepIndex, result)) return;
    const ids = preselectedOptionIds(step);
    if (ids.length > 0) result.push({ stepIndex, optionIds: ids, portion: 0 });
  });
  return result;
}

function settle(item: MenuItem, variants: readonly VariantSelection[]): VariantSelection[] {
  return withPreselections(item, applyTriggers(item, variants));
}

/** Default size: the first one. */
export function defaultVol(item: MenuItem): string {
  return item.sizes[0]?.vol ?? '';
}

/** The starting configuration of an item: first size, preselected options, count 1, no note. */
export function initialConfig(item: MenuItem): ItemConfig {
  return { vol: defaultVol(item), variantsSelected: settle(item, []), stylesSelected: [], count: 1, notes: '' };
}

/** The configuration of an existing cart line (editing through `cartItemId`). Unknown ids are dropped. */
export function configFromLine(item: MenuItem, line: ProductLine): ItemConfig {
  const vol = item.sizes.some((s) => s.vol === line.vol) ? line.vol : defaultVol(item);
  const variants = line.variantsSelected
    .map((sel) => {
      const step = item.extras.variants[sel.stepIndex];
      if (!step) return null;
      const ids = sel.optionIds.filter((id) => step.options.some((o) => o.id === id && o.active));
      return { stepIndex: sel.stepIndex, optionIds: ids, portion: sel.portion };
    })
    .filter((s): s is VariantSelection => s !== null);
  const styles = line.stylesSelected.filter((id) => item.extras.styles.some((s) => s.id === id && s.active !== false));
  return { vol, variantsSelected: settle(item, variants), stylesSelected: styles, count: Math.max(1, line.count), notes: line.notes };
}

/**
 * Keeps a configuration valid after the menu changed underneath it (background reload): unknown
 * or deactivated options, add-ons and sizes are dropped, triggers and preselections re-applied.
 */
export function sanitizeConfig(item: MenuItem, config: ItemConfig): ItemConfig {
  const vol = item.sizes.some((s) => s.vol === config.vol) ? config.vol : defaultVol(item);
  const variants = config.variantsSelected.flatMap((sel) => {
    const step = item.extras.variants[sel.stepIndex];
    if (!step || (sel.portion > 0 && !step.extendable)) return [];
    const ids = sel.optionIds.filter((id) => step.options.some((o) => o.id === id && o.active));
    return [{ stepIndex: sel.stepIndex, optionIds: ids, portion: sel.portion }];
  });
  const styles = config.stylesSelected.filter((id) => item.extras.styles.some((s) => s.id === id && s.active !== false));
  const count = item.unikat ? 1 : config.count;
  return { ...config, vol, variantsSelected: settle(item, variants), stylesSelected: styles, count };
}

export function selectedIdsOf(config: ItemConfig, stepIndex: number, portion = 0): readonly string[] {
  return config.variantsSelected.find((s) => s.stepIndex === stepIndex && s.portion === portion)?.optionIds ?? [];
}

export function isOptionSelected(config: ItemConfig, stepIndex: number, optionId: string, portion = 0): boolean {
  return selectedIdsOf(config, stepIndex, portion).includes(optionId);
}

function setIds(config: ItemConfig, stepIndex: number, portion: number, ids: string[]): VariantSelection[] {
  const others = config.variantsSelected.filter((s) => !(s.stepIndex === stepIndex && s.portion === portion));
  if (ids.length === 0 && portion === 0) return others;
  return [...others, { stepIndex, optionIds: ids, portion }];
}

/**
 * Taps an option (requirements#shop-behaviour):
 * - single choice: selecting deselects the others; tapping the selected option deselects it only
 *   if the step has more than one option;
 * - 'ohne' clears all options of the step (and any other choice clears 'ohne');
 * - multi: toggles options up to maxOptions, beyond that the change is refused.
 * Steps whose trigger disappears are hidden and cleared; steps a trigger reveals get their preselection.
 */
export function toggleOption(item: MenuItem, config: ItemConfig, stepIndex: number, optionId: string, portion = 0): ConfigChange {
  const step = item.extras.variants[stepIndex];
  const option = step?.options.find((o) => o.id === optionId);
  if (!step || !option || !option.active) return ok(config);
  const current = selectedIdsOf(config, stepIndex, portion);
  const selected = current.includes(optionId);
  let next: string[];

  if (option.ohne) {
    next = selected ? [] : [optionId];
  } else if (step.multi && portion === 0) {
    const withoutOhne = current.filter((id) => !step.options.find((o) => o.id === id)?.ohne);
    if (selected) next = withoutOhne.filter((id) => id !== optionId);
    else {
      const max = maxOptionsOf(step);
      if (withoutOhne.length >= max) return { ok: false, reason: 'max-options', max, config };
      next = [...withoutOhne, optionId];
    }
  } else if (selected) {
    next = activeOptions(step).length > 1 ? [] : current.slice();
  } else {
    next = [optionId];
  }

  const variants = settle(item, setIds(config, stepIndex, portion, next));
  return ok({ ...config, variantsSelected: variants });
}

/** Chooses one option of a dropdown step or extra portion (empty id: no choice). */
export function chooseInDropdown(item: MenuItem, config: ItemConfig, stepIndex: number, optionId: string, portion = 0): ItemConfig {
  const step = item.extras.variants[stepIndex];
  if (!step) return config;
  const valid = optionId !== '' && step.options.some((o) => o.id === optionId && o.active);
  return { ...config, variantsSelected: settle(item, setIds(config, stepIndex, portion, valid ? [optionId] : [])) };
}

/** Portions (1, 2, …) of '+ Extra Portion' copies of a step. */
export function extraPortions(config: ItemConfig, stepIndex: number): number[] {
  return config.variantsSelected
    .filter((s) => s.stepIndex === stepIndex && s.portion > 0)
    .map((s) => s.portion)
    .sort((a, b) => a - b);
}

/** '+ Extra Portion': duplicates an extendable step as an extra dropdown portion (no choice yet). */
export function addExtraPortion(item: MenuItem, config: ItemConfig, stepIndex: number): ItemConfig {
  const step = item.extras.variants[stepIndex];
  if (!step?.extendable) return config;
  const portion = Math.max(0, ...extraPortions(config, stepIndex)) + 1;
  return { ...config, variantsSelected: [...config.variantsSelected, { stepIndex, optionIds: [], portion }] };
}

/** Removes an extra portion again. */
export function removeExtraPortion(config: ItemConfig, stepIndex: number, portion: number): ItemConfig {
  if (portion <= 0) return config;
  return { ...config, variantsSelected: config.variantsSelected.filter((s) => !(s.stepIndex === stepIndex && s.portion === portion)) };
}

/** Toggles an add-on ('Deine Extras:'); deactivated ones cannot be chosen. */
export function toggleStyle(item: MenuItem, config: ItemConfig, styleId: string): ItemConfig {
  const style = item.extras.styles.find((s) => s.id === styleId);
  if (!style) return config;
  if (config.stylesSelected.includes(styleId)) return { ...config, stylesSelected: config.stylesSelected.filter((id) => id !== styleId) };
  if (style.active === false) return config;
  return { ...config, stylesSelected: [...config.stylesSelected, styleId] };
}

export function chooseSize(item: MenuItem, config: ItemConfig, vol: string): ItemConfig {
  return item.sizes.some((s) => s.vol === vol) ? { ...config, vol } : config;
}

/** Quantity is at least 1; a unikat item stays at 1. */
export function setCount(item: MenuItem, config: ItemConfig, count: number): ItemConfig {
  if (item.unikat) return { ...config, count: 1 };
  // The item page counter stops at 99 (docs/requirements.md#cart-protection).
  return { ...config, count: clampQuantity(count) };
}

export function setNotes(config: ItemConfig, notes: string): ItemConfig {
  return { ...config, notes };
}

/** Item notes are trimmed (requirements#shop-validation). */
export function normaliseNote(notes: string): string {
  return notes.trim();
}

/** Indexes of the steps shown right now (triggers respected). */
export function visibleStepIndexes(item: MenuItem, config: ItemConfig): number[] {
  return item.extras.variants.flatMap((step, index) => (isStepVisible(step, index, config.variantsSelected) ? [index] : []));
}

/** How the step is shown: a dropdown, checkboxes (multi) or radio buttons. */
export function stepControl(step: VariantStep): 'dropdown' | 'checkbox' | 'radio' {
  if (step.dropdown && !step.multi) return 'dropdown';
  return step.multi ? 'checkbox' : 'radio';
}

/** Remaining free articles of a step for the current choice (requirements#shop-validation freeArticles). */
export function freeArticlesLeft(item: MenuItem, config: ItemConfig, stepIndex: number): number {
  const step = item.extras.variants[stepIndex];
  if (!step?.freeArticles) return 0;
  const chosen = selectedIdsOf(config, stepIndex).filter((id) => !step.options.find((o) => o.id === id)?.ohne).length;
  return Math.max(0, step.freeArticles - chosen);
}

/** The selection as it is priced and stored: trimmed note, empty extra portions dropped. */
export function finalSelection(config: ItemConfig): ItemConfig {
  return {
    ...config,
    notes: normaliseNote(config.notes),
    variantsSelected: config.variantsSelected
      .filter((s) => s.portion === 0 || s.optionIds.length > 0)
      .map((s) => ({ stepIndex: s.stepIndex, optionIds: [...s.optionIds], portion: s.portion }))
      .sort((a, b) => a.stepIndex - b.stepIndex || a.portion - b.portion),
  };
}

/**
 * The first step still missing a choice, as the add flow reports it
 * ('Du musst noch eine Auswahl treffen für "{title}"'); null when the item can be added.
 */
export function missingChoice(item: MenuItem, config: ItemConfig): { stepIndex: number; title: string } | null {
  const problem = validateSelection(item, finalSelection(config)).find((p) => p.kind === 'missing-choice');
  return problem && problem.kind === 'missing-choice' ? { stepIndex: problem.stepIndex, title: problem.title } : null;
}

/** Preparation minutes of a line: the category's delay plus the item's own extra minutes. */
export function lineDelay(category: Pick<MenuCategory, 'delay'>, item: Pick<MenuItem, 'lieferzeit'>): number {
  return category.delay + (item.lieferzeit ?? 0);
}
