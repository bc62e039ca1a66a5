import type { Menu, MenuItem } from '../contract/menu';
import { menu as menuTexts } from '../i18n/de/menu';
import type { ItemConfig } from './configurator';
import { isStepVisible } from './line-pricing';

/**
 * Substances of an item (requirements#entities Substances; EU food information rules, LMIV): flags starting
 * with 'l' (diet badges and the alcohol flag), the 14 allergens lettered A–R, the additives z1–z15
 * (legend 1–15), meat types and diets. German names live in i18n (de.menu.substances).
 */
export const ALLERGEN_CODES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'L', 'M', 'N', 'O', 'P', 'R'] as const;
export type AllergenCode = (typeof ALLERGEN_CODES)[number];

export const ADDITIVE_CODES = ['z1', 'z2', 'z3', 'z4', 'z5', 'z6', 'z7', 'z8', 'z9', 'z10', 'z11', 'z12', 'z13', 'z14', 'z15'] as const;
export type AdditiveCode = (typeof ADDITIVE_CODES)[number];

/** Badge flags (lAlk is shown as the alcohol note, not as a badge). */
export const FLAG_CODES = ['lV', 'lVplus', 'lBIO', 'lKOSCH', 'lAy', 'lHal', 'lAlk'] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

export const MEAT_CODES = ['mRind', 'mSchwein', 'mGefluegel', 'mLamm', 'mFisch'] as const;
export type MeatCode = (typeof MEAT_CODES)[number];

export const DIET_CODES = ['dGlutenfrei', 'dLaktosefrei', 'dScharf'] as const;
export type DietCode = (typeof DIET_CODES)[number];

export interface ClassifiedSubstances {
  readonly flags: FlagCode[];
  readonly allergens: AllergenCode[];
  readonly additives: AdditiveCode[];
  readonly meat: MeatCode[];
  readonly diets: DietCode[];
}

function inOrder<T extends string>(order: readonly T[], codes: ReadonlySet<string>): T[] {
  return order.filter((c) => codes.has(c));
}

/** Sorts codes into their groups, each in legend order; unknown codes are ignored. */
export function classifySubstances(codes: Iterable<string>): ClassifiedSubstances {
  const set = new Set(codes);
  return {
    flags: inOrder(FLAG_CODES, set),
    allergens: inOrder(ALLERGEN_CODES, set),
    additives: inOrder(ADDITIVE_CODES, set),
    meat: inOrder(MEAT_CODES, set),
    diets: inOrder(DIET_CODES, set),
  };
}

/** Legend number of an additive: 'z3' -> 3. */
export function additiveNumber(code: AdditiveCode): number {
  return Number(code.slice(1));
}

/** One-line summary where a guest decides (item page, inline configurator, cart): 'Allergene: A, G · Zusatzstoffe: 2, 3'. */
export function substanceSummary(codes: Iterable<string>): string {
  const c = classifySubstances(codes);
  const parts: string[] = [];
  if (c.allergens.length) parts.push(`${menuTexts.containsAllergens}: ${c.allergens.join(', ')}`);
  if (c.additives.length) parts.push(`${menuTexts.containsAdditives}: ${c.additives.map(additiveNumber).join(', ')}`);
  return parts.join(' · ');
}

export function isAlcoholic(item: Pick<MenuItem, 'substances'>): boolean {
  return item.substances.includes('lAlk');
}

/**
 * The item's substances for the chosen configuration: the item's own plus those of every chosen
 * option (including extra portions) and add-on, so the labels follow the chosen options.
 */
export function selectionSubstances(item: MenuItem, config: Pick<ItemConfig, 'variantsSelected' | 'stylesSelected'>): string[] {
  const codes = new Set(item.substances);
  for (const sel of config.variantsSelected) {
    const step = item.extras.variants[sel.stepIndex];
    for (const id of sel.optionIds) step?.options.find((o) => o.id === id)?.substances?.forEach((c) => codes.add(c));
  }
  for (const id of config.stylesSelected) item.extras.styles.find((s) => s.id === id)?.substances?.forEach((c) => codes.add(c));
  return [...codes];
}

/**
 * Substances a guest cannot avoid: the item's own, plus a code every choice of a required step
 * carries (a required, always visible step without an 'ohne' choice).
 */
export function unavoidableSubstances(item: MenuItem): Set<string> {
  const codes = new Set(item.substances);
  item.extras.variants.forEach((step, index) => {
    if (step.optional || step.implicit || !isStepVisible(step, index, [])) return;
    const options = step.options.filter((o) => o.active);
    if (options.length === 0 || options.some((o) => o.ohne)) return;
    const [first, ...rest] = options;
    for (const code of first?.substances ?? []) if (rest.every((o) => o.substances?.includes(code))) codes.add(code);
  });
  return codes;
}

/** Every substance any configuration of the item could contain. */
export function possibleSubstances(item: MenuItem): Set<string> {
  const codes = new Set(item.substances);
  for (const step of item.extras.variants) for (const o of step.options) o.substances?.forEach((c) => codes.add(c));
  for (const s of item.extras.styles) s.substances?.forEach((c) => codes.add(c));
  return codes;
}

/**
 * Allergen filter (beyond the spec, user setting `allergenes`): 'contains' when the item always
 * contains an excluded allergen, 'optional' when only some options do, 'free' otherwise.
 */
export function allergenVerdict(item: MenuItem, excluded: readonly string[]): 'contains' | 'optional' | 'free' {
  if (excluded.length === 0) return 'free';
  const always = unavoidableSubstances(item);
  if (excluded.some((c) => always.has(c))) return 'contains';
  const possible = possibleSubstances(item);
  return excluded.some((c) => possible.has(c)) ? 'optional' : 'free';
}

/** Codes that end 'vegetarisch': fish, crustaceans, molluscs, meat. */
const NOT_VEGETARIAN: readonly string[] = ['D', 'B', 'R', ...MEAT_CODES];
/** Codes that end 'vegan' besides those: egg and milk. */
const NOT_VEGAN: readonly string[] = [...NOT_VEGETARIAN, 'C', 'G'];

/**
 * The item's substances with diet badges that stay true for what it can contain (`contained`: every
 * possible option on a card, the chosen ones on the item page): 'Vegan' goes when an option adds milk
 * or egg (it stays 'Vegetarisch' then), 'Vegetarisch' when one adds meat or fish
 * (docs/requirements.md#item-configuration). Nachos mit Dip with Queso on offer are not 'Vegan'.
 */
export function truthfulDietSubstances(item: Pick<MenuItem, 'substances'>, contained: Iterable<string>): string[] {
  const codes = new Set(contained);
  const notVegetarian = NOT_VEGETARIAN.some((c) => codes.has(c));
  const notVegan = notVegetarian || NOT_VEGAN.some((c) => codes.has(c));
  const kept = item.substances.filter((s) => !(s === 'lVplus' && notVegan) && !(s === 'lV' && notVegetarian));
  if (item.substances.includes('lVplus') && notVegan && !notVegetarian && !kept.includes('lV')) kept.push('lV');
  return kept;
}

/**
 * The avoided allergens an option or add-on contains, in legend order: the item page marks it
 * (docs/requirements.md#item-configuration).
 */
export function avoidedAllergens(substances: readonly string[] | undefined, excluded: readonly string[]): AllergenCode[] {
  if (!substances || excluded.length === 0) return [];
  const avoided = new Set(excluded);
  return ALLERGEN_CODES.filter((c) => avoided.has(c) && substances.includes(c));
}

/**
 * Whether an item may show in a list under the allergen filter: every list of items (categories,
 * "Weitere Speisen", offers, landing pages, favourites, search) hides an item that always contains
 * an avoided allergen (docs/requirements.md#item-configuration).
 */
export function passesAllergenFilter(item: MenuItem, excluded: readonly string[]): boolean {
  return allergenVerdict(item, excluded) !== 'contains';
}

/** Removes items that always contain an excluded allergen (categories left empty are dropped). */
export function hideItemsWithAllergens(menu: Menu, excluded: readonly string[]): Menu {
  if (excluded.length === 0) return menu;
  return menu.flatMap((category) => {
    const items = category.items.filter((item) => passesAllergenFilter(item, excluded));
    return items.length > 0 ? [{ ...category, items }] : [];
  });
}

/** Toggles one code in the excluded list (kept in legend order). */
export function toggleExcluded(excluded: readonly string[], code: string): string[] {
  const set = new Set(excluded);
  if (set.has(code)) set.delete(code);
  else set.add(code);
  return ALLERGEN_CODES.filter((c) => set.has(c));
}
