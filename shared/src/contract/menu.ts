import { z } from 'zod';
import { clockTime, price, weekday } from './common';

/** Per-size surcharge of an option or style (requirements#entities volCosts). */
export const volCost = z.object({ volName: z.string(), cost: price });

/** Option of a variant step (requirements#entities Option). `labelDE` may carry detail lines after '|'. */
export const variantOption = z.object({
  id: z.string().min(1),
  labelDE: z.string(),
  cost: price.default(0),
  posId: z.number().int().optional(),
  active: z.boolean().default(true),
  /** Preselected. */
  aaaSelected: z.boolean().optional(),
  multi: z.boolean().optional(),
  optional: z.boolean().optional(),
  /** Choosing this option replaces the article: its cost is the base price. */
  replaceArticle: z.boolean().optional(),
  volCosts: z.array(volCost).optional(),
  /** Marks the step's "ohne" (none) choice. */
  ohne: z.boolean().optional(),
  /** Allergen/additive codes the option adds (labels follow the chosen options). */
  substances: z.array(z.string()).optional(),
});
export type VariantOption = z.infer<typeof variantOption>;

/** A configuration step (requirements#entities Variant). A step titled 'Schritt' is shown as 'Optionen'. */
export const variantStep = z.object({
  title: z.string(),
  options: z.array(variantOption),
  multi: z.boolean().optional(),
  maxOptions: z.number().int().positive().optional(),
  optional: z.boolean().optional(),
  implicit: z.boolean().optional(),
  dropdown: z.boolean().optional(),
  /** Option ids (of other steps) that reveal this step. */
  trigger: z.array(z.string()).optional(),
  replaceArticle: z.boolean().optional(),
  /** Number of options of this step that cost nothing. */
  freeArticles: z.number().int().nonnegative().optional(),
  /** '+ Extra Portion' allowed. */
  extendable: z.boolean().optional(),
});
export type VariantStep = z.infer<typeof variantStep>;

export const style = z.object({
  id: z.string().min(1),
  labelDE: z.string(),
  cost: price.default(0),
  posId: z.number().int().optional(),
  /** False when deactivated (e.g. by an inactive global extra of the same label). */
  active: z.boolean().optional(),
  volCosts: z.array(volCost).optional(),
  substances: z.array(z.string()).optional(),
});
export type Style = z.infer<typeof style>;

/** Price of a combination of options; id = option ids joined by '.'. */
export const combination = z.object({ id: z.string(), price, streichPreis: price.optional() });
export type Combination = z.infer<typeof combination>;

export const extras = z.object({
  styles: z.array(style).default([]),
  variants: z.array(variantStep).default([]),
  combinations: z.array(combination).default([]),
});

/** Net content of a size for its unit price (PAngV): grams or millilitres. */
export const sizeContent = z.object({ amount: z.number().positive().max(1_000_000), unit: z.enum(['g', 'ml']) });

/** A size (requirements#entities Size). An empty vol or 'standard' hides the size label. */
export const size = z.object({
  vol: z.string(),
  price,
  /** Net content of this size: its per-kilo or per-litre price is computed from it. */
  content: sizeContent.optional(),
  takeAwayPrice: price.optional(),
  deliveryPrice: price.optional(),
  streichPreis: price.optional(),
  offerId: z.string().optional(),
  /** Deposit (Pfand) per unit of this size, in cents: shown next to the price and charged (docs/requirements.md#sums). */
  pfand: price.optional(),
});
export type Size = z.infer<typeof size>;

export const orderTimes = z.record(z.string().regex(/^[1-7]$/), z.object({ validFrom: clockTime, validTo: clockTime }));
export const fmConfig = z.record(z.string(), z.object({ active: z.boolean() }));

export const merkmalgruppe = z.object({
  name: z.string(),
  keyValues: z.array(z.object({ key: z.string(), value: z.string(), params: z.object({ indent: z.number().int().min(0).optional() }).optional() })),
});

export const nutrition = z.object({ key: z.string(), value: z.string() });

export const menuItem = z.object({
  id: z.string().min(1),
  posId: z.number().int().optional(),
  articleNo: z.string().optional(),
  nameDE: z.string().min(1),
  nameToDisplay: z.string().optional(),
  descriptionDE: z.string().default(''),
  itemDetails: z.string().optional(),
  image: z.string().optional(),
  moreImages: z.array(z.string()).optional(),
  gramm: z.number().int().positive().optional(),
  /** Price per kilo in cents. */
  kilopreis: price.optional(),
  /** Old (crossed-out) price in cents. */
  streichPreis: price.optional(),
  neu: z.boolean().optional(),
  unikat: z.boolean().optional(),
  buyable: z.boolean().optional(),
  /** Set by the menu visibility rules: false outside the item's or category's order times. */
  withinOrderTimes: z.boolean().optional(),
  offered: z.boolean().optional(),
  offerId: z.string().optional(),
  inhouseOnly: z.boolean().optional(),
  takeawayOnly: z.boolean().optional(),
  days: z.array(weekday).optional(),
  orderTimes: orderTimes.optional(),
  validStores: z.array(z.number().int()).optional(),
  fmConfig: fmConfig.optional(),
  ticket: z.boolean().optional(),
  gang: z.enum(['Vorspeise', 'Hauptspeise', 'Dessert']).optional(),
  /** Stock; -1 (or absent) is unlimited. */
  bestand: z.number().int().min(-1).optional(),
  verkauft: z.boolean().optional(),
  /** Extra preparation minutes of this item. */
  lieferzeit: z.number().int().nonnegative().optional(),
  notes: z.string().optional(),
  onlineGutschein: z.boolean().optional(),
  offlineGutschein: z.boolean().optional(),
  /** Grain-mix ratio text, e.g. '70:30'. */
  cmRatio: z.string().optional(),
  inhaltsstoffe: z.string().optional(),
  nutritions: z.array(nutrition).optional(),
  customAllergene: z.string().optional(),
  merkmalgruppen: z.array(merkmalgruppe).optional(),
  /** Flags (lV, lVplus, lBIO, lKOSCH, lAy, lHal, lAlk) and allergen/additive codes (A–R, z1–z15). */
  substances: z.array(z.string()).default([]),
  /** Heat 0–3 (salsas). */
  heat: z.number().int().min(0).max(3).optional(),
  /** Section within the category (e.g. classic, special, dok) used as scroll target. */
  section: z.string().optional(),
  sizes: z.array(size).min(1),
  extras: extras.default({ styles: [], variants: [], combinations: [] }),
});
export type MenuItem = z.infer<typeof menuItem>;
export type MenuItemInput = z.input<typeof menuItem>;

export const menuCategory = z.object({
  id: z.string().min(1),
  categoryDE: z.string().min(1),
  type: z.enum(['food', 'drink']),
  sort: z.number().int().default(0),
  /** Preparation minutes of the category (copied to the cart line's delay). */
  delay: z.number().int().nonnegative().default(0),
  days: z.array(weekday).optional(),
  orderTimes: orderTimes.optional(),
  validStores: z.array(z.number().int()).optional(),
  fmConfig: fmConfig.optional(),
  /** In-house only: hours (0–24) between which the category is shown. */
  validFromHour: z.number().int().min(0).max(24).optional(),
  validTillHour: z.number().int().min(0).max(24).optional(),
  icon: z.string().optional(),
  image: z.string().optional(),
  section: z.string().optional(),
  descriptionDE: z.string().optional(),
  items: z.array(menuItem),
});
export type MenuCategory = z.infer<typeof menuCategory>;
export type MenuCategoryInput = z.input<typeof menuCategory>;

export const menu = z.array(menuCategory);
export type Menu = z.infer<typeof menu>;
