import { SHOP_CONSTANTS } from './shop-constants';
import type { LineExtra, VariantSelection } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import type { Combination, MenuItem, Size, Style, VariantOption, VariantStep } from '../contract/menu';
import { menu as menuTexts } from '../i18n/de/menu';
import type { Cents } from './money';

/**
 * Pricing and validation of one configured item (requirements#entities Extras, requirements#sums):
 * size price per order mode, option and style costs with per-size volCosts, free articles per
 * step, combination prices, replaceArticle steps and extra portions. The item page, the cart and
 * the server's SaveNewOrder all use this one function.
 */
export interface LineSelection {
  readonly vol: string;
  readonly variantsSelected: readonly VariantSelection[];
  readonly stylesSelected: readonly string[];
  readonly count: number;
}

export interface PricedLine {
  readonly sizePrice: Cents;
  readonly sumOfExtras: Cents;
  readonly unitPrice: Cents;
  readonly itemTotal: Cents;
  readonly extras: LineExtra[];
  readonly extrasToDisplay: string;
  /** Size price before combination/replaceArticle replaced it. */
  readonly originalSizePrice: Cents;
}

export type SelectionProblem =
  | { readonly kind: 'unknown-size'; readonly vol: string }
  | { readonly kind: 'unknown-step'; readonly stepIndex: number }
  | { readonly kind: 'unknown-option'; readonly stepIndex: number; readonly optionId: string }
  | { readonly kind: 'inactive-option'; readonly stepIndex: number; readonly optionId: string }
  | { readonly kind: 'too-many'; readonly stepIndex: number; readonly max: number }
  | { readonly kind: 'missing-choice'; readonly stepIndex: number; readonly title: string }
  | { readonly kind: 'hidden-step'; readonly stepIndex: number }
  | { readonly kind: 'portion-not-allowed'; readonly stepIndex: number }
  | { readonly kind: 'unknown-style'; readonly styleId: string }
  | { readonly kind: 'inactive-style'; readonly styleId: string }
  | { readonly kind: 'bad-count'; readonly count: number }
  /** The same step (and portion) sent twice: each step is chosen once (min/max, free articles per step). */
  | { readonly kind: 'duplicate-step'; readonly stepIndex: number; readonly portion: number }
  | { readonly kind: 'duplicate-option'; readonly stepIndex: number; readonly optionId: string }
  | { readonly kind: 'duplicate-style'; readonly styleId: string }
  /** More extra portions of a step than SHOP_CONSTANTS.maxExtraPortions. */
  | { readonly kind: 'bad-portion'; readonly stepIndex: number; readonly portion: number };

/** A vol that is empty or 'standard' hides the size label (requirements#entities Size). */
export function isHiddenVol(vol: string): boolean {
  return vol === '' || vol.toLowerCase() === 'standard';
}

export function findSize(item: MenuItem, vol: string): Size | undefined {
  return item.sizes.find((s) => s.vol === vol);
}

/** Size price for the order mode: takeaway and delivery prices where the item has them. */
export function sizePriceFor(size: Size, mode: OrderMode): Cents {
  if (mode === 'delivery') return size.deliveryPrice ?? size.takeAwayPrice ?? size.price;
  if (mode === 'takeaway') return size.takeAwayPrice ?? size.price;
  return size.price;
}

/** Cost of an option or style for a size: a matching volCost wins over the plain cost. */
export function costForVol(entry: Pick<VariantOption | Style, 'cost' | 'volCosts'>, vol: string): Cents {
  const match = entry.volCosts?.find((v) => v.volName === vol);
  return match ? match.cost : entry.cost;
}

/** '|' splits the title from detail lines (requirements#entities Option). */
export function optionTitle(labelDE: string): string {
  return (labelDE.split('|')[0] ?? '').trim();
}

export function optionDetails(labelDE: string): string[] {
  return labelDE
    .split('|')
    .slice(1)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A step titled 'Schritt' is shown as 'Optionen'. */
export function stepTitle(step: Pick<VariantStep, 'title'>): string {
  return step.title === 'Schritt' ? 'Optionen' : step.title;
}

function selectedIds(selection: readonly VariantSelection[]): Set<string> {
  const ids = new Set<string>();
  for (const s of selection) for (const id of s.optionIds) ids.add(id);
  return ids;
}

/** A step with a trigger is visible only while one of its trigger options is selected elsewhere. */
export function isStepVisible(step: VariantStep, stepIndex: number, selection: readonly VariantSelection[]): boolean {
  if (!step.trigger || step.trigger.length === 0) return true;
  const others = selectedIds(selection.filter((s) => s.stepIndex !== stepIndex));
  return step.trigger.some((id) => others.has(id));
}

/** Options of a selection in the step's own order (portion 0 first). */
function chosenOptions(step: VariantStep, ids: readonly string[]): VariantOption[] {
  const set = new Set(ids);
  return step.options.filter((o) => set.has(o.id));
}

/** Checks a selection against the item; an empty list means it can be ordered as chosen. */
export function validateSelection(item: MenuItem, selection: LineSelection): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  if (!Number.isInteger(selection.count) || selection.count < 1 || selection.count > SHOP_CONSTANTS.maxLineCount) {
    problems.push({ kind: 'bad-count', count: selection.count });
  }
  if (!findSize(item, selection.vol)) problems.push({ kind: 'unknown-size', vol: selection.vol });
  const steps = item.extras.variants;
  const seenSteps = new Set<string>();
  const portions = new Map<number, number[]>();
  for (const sel of selection.variantsSelected) {
    const step = steps[sel.stepIndex];
    if (!step) {
      problems.push({ kind: 'unknown-step', stepIndex: sel.stepIndex });
      continue;
    }
    // Each step (and each extra portion of it) once: a step repeated would be checked entry by entry.
    const key = `${sel.stepIndex}:${sel.portion}`;
    if (seenSteps.has(key)) problems.push({ kind: 'duplicate-step', stepIndex: sel.stepIndex, portion: sel.portion });
    seenSteps.add(key);
    if (sel.portion > 0) portions.set(sel.stepIndex, [...(portions.get(sel.stepIndex) ?? []), sel.portion]);
    const seenOptions = new Set<string>();
    for (const id of sel.optionIds) {
      if (seenOptions.has(id)) problems.push({ kind: 'duplicate-option', stepIndex: sel.stepIndex, optionId: id });
      seenOptions.add(id);
    }
    if (sel.portion > 0 && !step.extendable) problems.push({ kind: 'portion-not-allowed', stepIndex: sel.stepIndex });
    if (sel.optionIds.length > 0 && !isStepVisible(step, sel.stepIndex, selection.variantsSelected)) {
      problems.push({ kind: 'hidden-step', stepIndex: sel.stepIndex });
    }
    for (const id of sel.optionIds) {
      const option = step.options.find((o) => o.id === id);
      if (!option) problems.push({ kind: 'unknown-option', stepIndex: sel.stepIndex, optionId: id });
      else if (!option.active) problems.push({ kind: 'inactive-option', stepIndex: sel.stepIndex, optionId: id });
    }
    const max = step.multi ? (step.maxOptions ?? step.options.length) : 1;
    if (new Set(sel.optionIds).size > max) problems.push({ kind: 'too-many', stepIndex: sel.stepIndex, max });
  }
  for (const [stepIndex, list] of portions) {
    // Extra portions may have gaps (one was removed again), but not be more than the limit.
    const tooMany = list.length > SHOP_CONSTANTS.maxExtraPortions;
    for (const portion of list) if (tooMany || portion > SHOP_CONSTANTS.maxLineCount) problems.push({ kind: 'bad-portion', stepIndex, portion });
  }
  steps.forEach((step, stepIndex) => {
    if (step.optional || step.implicit) return;
    if (!isStepVisible(step, stepIndex, selection.variantsSelected)) return;
    const main = selection.variantsSelected.find((s) => s.stepIndex === stepIndex && s.portion === 0);
    const ohneChosen = main?.optionIds.some((id) => step.options.find((o) => o.id === id)?.ohne) ?? false;
    if (!main || (main.optionIds.length === 0 && !ohneChosen)) problems.push({ kind: 'missing-choice', stepIndex, title: stepTitle(step) });
  });
  const seenStyles = new Set<string>();
  for (const id of selection.stylesSelected) {
    if (seenStyles.has(id)) problems.push({ kind: 'duplicate-style', styleId: id });
    seenStyles.add(id);
    const style = item.extras.styles.find((s) => s.id === id);
    if (!style) problems.push({ kind: 'unknown-style', styleId: id });
    else if (style.active === false) problems.push({ kind: 'inactive-style', styleId: id });
  }
  return problems;
}

/** The deposit (Pfand) per unit of a size, 0 without one (docs/requirements.md#sums). */
export function pfandOf(item: Pick<MenuItem, 'sizes'>, vol: string): Cents {
  return item.sizes.find((s) => s.vol === vol)?.pfand ?? 0;
}

/**
 * Whether the choices that set an item's base price are made (docs/requirements.md#item-configuration):
 * with combinations, a combination is matched; otherwise every replaceArticle step has a choice.
 * From then on the item page shows the price of the choice, not 'ab …', even while optional or
 * price-neutral steps are still open.
 */
export function isBasePriceDecided(item: MenuItem, selection: Pick<LineSelection, 'variantsSelected'>): boolean {
  if (item.extras.combinations.length > 0) return matchedCombination(item, selection) !== undefined;
  return item.extras.variants.every(
    (step, index) => !step.replaceArticle || selection.variantsSelected.some((sel) => sel.stepIndex === index && sel.portion === 0 && sel.optionIds.length > 0),
  );
}

/**
 * The combination a selection's main choices make (docs/requirements.md#sums): the option ids of
 * every step's first portion, in step order, joined by '.'. Matched by id, never by price (two
 * combinations may cost the same and differ in their strike price).
 */
export function matchedCombination(item: MenuItem, selection: Pick<LineSelection, 'variantsSelected'>): Combination | undefined {
  if (item.extras.combinations.length === 0) return undefined;
  const steps = item.extras.variants;
  const ids = [...selection.variantsSelected]
    .filter((sel) => sel.portion === 0)
    .sort((a, b) => a.stepIndex - b.stepIndex)
    .flatMap((sel) => {
      const step = steps[sel.stepIndex];
      return step ? chosenOptions(step, sel.optionIds).map((o) => o.id) : [];
    });
  return item.extras.combinations.find((c) => c.id === ids.join('.'));
}

/**
 * The chosen options of a step's first portion that count as included (freeArticles,
 * docs/requirements.md#sums): the most expensive ones, whatever their menu order, so the guest pays
 * for the cheapest beyond the free count (Your Own Bowl: corn, beans, pico and avocado with 3 free
 * cost 0,70, not 1,20). Ties keep the step's order.
 */
export function includedOptionIds(step: VariantStep, optionIds: readonly string[], vol: string): Set<string> {
  const free = step.freeArticles ?? 0;
  if (free <= 0) return new Set();
  const candidates = chosenOptions(step, optionIds).filter((o) => !o.ohne && !(step.replaceArticle || o.replaceArticle));
  const ranked = candidates.map((o, index) => ({ id: o.id, cost: costForVol(o, vol), index })).sort((a, b) => b.cost - a.cost || a.index - b.index);
  return new Set(ranked.slice(0, free).map((o) => o.id));
}

/**
 * Prices a selection. Assumes `validateSelection` found no problems (unknown ids are skipped).
 * Per step, `freeArticles` chosen options cost nothing (the most expensive, includedOptionIds);
 * extra portions are always charged. A combination matching the chosen option ids of all steps
 * (joined by '.', in step order) replaces size price and option costs; a replaceArticle choice
 * makes that option's cost the base price.
 */
export function priceSelection(item: MenuItem, selection: LineSelection, mode: OrderMode): PricedLine {
  const size = findSize(item, selection.vol) ?? item.sizes[0]!;
  const originalSizePrice = sizePriceFor(size, mode);
  let basePrice = originalSizePrice;
  const extras: LineExtra[] = [];
  const display: string[] = [];
  let optionsCost = 0;

  const steps = item.extras.variants;
  const ordered = [...selection.variantsSelected].sort((a, b) => a.stepIndex - b.stepIndex || a.portion - b.portion);

  for (const sel of ordered) {
    const step = steps[sel.stepIndex];
    if (!step) continue;
    const options = chosenOptions(step, sel.optionIds);
    const included = sel.portion === 0 ? includedOptionIds(step, sel.optionIds, size.vol) : new Set<string>();
    for (const option of options) {
      const label = optionTitle(option.labelDE);
      if (option.ohne) {
        display.push(`ohne ${stepTitle(step)}`.trim());
        continue;
      }
      const replaces = step.replaceArticle || option.replaceArticle;
      if (replaces && sel.portion === 0) {
        basePrice = costForVol(option, size.vol);
        display.push(label);
        continue;
      }
      const cost = included.has(option.id) ? 0 : costForVol(option, size.vol);
      optionsCost += cost;
      const name = sel.portion > 0 ? `+ Extra Portion ${label}` : label;
      extras.push({ name, price: cost, ...(option.posId !== undefined ? { posId: option.posId } : {}) });
      display.push(name);
    }
  }

  const combination = matchedCombination(item, selection);
  if (combination) {
    basePrice = combination.price;
    // The combination price covers the main choices; extra portions stay charged.
    optionsCost = extras.filter((e) => e.name.startsWith('+ Extra Portion')).reduce((sum, e) => sum + e.price, 0);
  }

  let stylesCost = 0;
  for (const styleId of selection.stylesSelected) {
    const style = item.extras.styles.find((s) => s.id === styleId);
    if (!style) continue;
    const cost = costForVol(style, size.vol);
    stylesCost += cost;
    extras.push({ name: optionTitle(style.labelDE), price: cost, ...(style.posId !== undefined ? { posId: style.posId } : {}) });
    display.push(optionTitle(style.labelDE));
  }

  // The deposit of the size (Pfand) is charged per unit, as an extra of its own: never replaced by a
  // combination, never free (docs/requirements.md#sums).
  const pfand = size.pfand ?? 0;
  if (pfand > 0) {
    extras.push({ name: menuTexts.pfandExtra, price: pfand });
    display.push(menuTexts.pfandExtra);
  }

  const sumOfExtras = optionsCost + stylesCost + pfand;
  const unitPrice = basePrice + sumOfExtras;
  return {
    sizePrice: basePrice,
    sumOfExtras,
    unitPrice,
    itemTotal: unitPrice * selection.count,
    extras,
    extrasToDisplay: display.join(', '),
    originalSizePrice,
  };
}
