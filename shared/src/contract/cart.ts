import { z } from 'zod';
import { SHOP_CONSTANTS } from '../domain/shop-constants';
import { cents, epochMs, LIMITS, price, shortId } from './common';

/** Chosen options of one step; `portion` > 0 marks an '+ Extra Portion' copy of the step. */
export const variantSelection = z
  .object({
    stepIndex: z.number().int().nonnegative().max(LIMITS.shortList),
    optionIds: z.array(shortId).max(LIMITS.shortList),
    portion: z.number().int().nonnegative().max(SHOP_CONSTANTS.maxLineCount).default(0),
  })
  .strict();
export type VariantSelection = z.infer<typeof variantSelection>;

export const lineExtra = z.object({ name: z.string().max(LIMITS.name), price: cents, posId: z.number().int().optional() }).strict();
export type LineExtra = z.infer<typeof lineExtra>;

/** A product line in the cart (requirements#entities Cart line). Money in cents. */
export const productLine = z.object({
  kind: z.literal('product').default('product'),
  cartItemId: shortId,
  id: shortId,
  articleNo: z.string().max(LIMITS.code).optional(),
  posId: z.number().int().optional(),
  mainPosId: z.number().int().optional(),
  /** Preparation minutes (from the category). */
  delay: z.number().int().nonnegative().default(0),
  type: z.enum(['food', 'drink', 'ticket']),
  categoryId: z.string().max(LIMITS.id).optional(),
  nameToDisplay: z.string().max(LIMITS.name),
  description: z.string().max(LIMITS.text).default(''),
  notes: z.string().max(LIMITS.lineNote).default(''),
  gramm: z.number().int().positive().optional(),
  unikat: z.boolean().optional(),
  vol: z.string().max(LIMITS.code).default(''),
  count: z.number().int().min(1).max(SHOP_CONSTANTS.maxLineCount),
  sizePrice: price,
  takeAwaySizePrice: price.optional(),
  sumOfExtras: price.default(0),
  /** (sizePrice + sumOfExtras) * count, after free articles, combinations and replaceArticle. */
  itemTotal: price,
  takeAwayItemTotal: price.optional(),
  extras: z.array(lineExtra).max(LIMITS.extras).default([]),
  extrasToDisplay: z.string().max(LIMITS.text).default(''),
  variantsSelected: z.array(variantSelection).max(LIMITS.shortList).default([]),
  stylesSelected: z.array(shortId).max(LIMITS.shortList).default([]),
  isOffer: z.boolean().optional(),
  offerId: z.string().max(LIMITS.id).optional(),
  offerName: z.string().max(LIMITS.name).optional(),
  offerUsecase: z.enum(['all', 'takeAway', 'delivery']).optional(),
  usecase: z.string().max(LIMITS.code).optional(),
  gang: z.enum(['Vorspeise', 'Hauptspeise', 'Dessert']).optional(),
  hasBestand: z.boolean().optional(),
  bestand: z.number().int().optional(),
  ticket: z.boolean().optional(),
  days: z.array(z.number().int().min(1).max(7)).max(7).optional(),
  onlineGutschein: z.boolean().optional(),
  offlineGutschein: z.boolean().optional(),
  amountFree: z.number().int().nonnegative().optional(),
  amountFreeTotal: price.optional(),
  originalSizePrice: price.optional(),
  originalItemTotal: price.optional(),
  /** Set on an article that belongs to a bundle coupon: that coupon's code (its size price is covered by the bundle). */
  appliedCode: z.string().max(LIMITS.code).optional(),
  /** Title of the coupon named in appliedCode. */
  aaaCodeTitle: z.string().max(LIMITS.name).optional(),
  /** The guest had this article before redeeming the bundle: removing the coupon unbinds it instead of removing it. */
  boundFromCart: z.boolean().optional(),
  image: z.string().max(LIMITS.text).optional(),
  addedAt: epochMs.optional(),
});
export type ProductLine = z.infer<typeof productLine>;

/** A coupon in the cart (requirements#entities Coupon line). */
export const couponLine = z.object({
  kind: z.literal('coupon'),
  isCoupon: z.literal(true),
  cartItemId: shortId,
  id: shortId,
  couponCode: z.string().min(1).max(LIMITS.code),
  type: z.enum(['individual', 'amount', 'discount', 'bundle']),
  title: z.string().max(LIMITS.name),
  text: z.string().max(LIMITS.text).default(''),
  /** Amount off in cents (amount, individual). */
  amount: price.default(0),
  /** Percent off (discount). */
  discount: z.number().min(0).max(100).default(0),
  /** Fixed price of a bundle in cents. */
  fixedprice: price.optional(),
  bundle: z
    .array(z.object({ id: shortId, vol: z.string().max(LIMITS.code).default('') }).strict())
    .max(LIMITS.shortList)
    .optional(),
  validUntil: epochMs.optional(),
  active: z.boolean().default(true),
  applicable: z.boolean().default(true),
  combinable: z.boolean().default(true),
  allowMulti: z.boolean().default(false),
  saveForDays: z.number().int().nonnegative().optional(),
  visibility: z.enum(['public', 'private']).default('public'),
  forRedeem: z.boolean().optional(),
  /** A single-use coupon already used by an order. */
  redeemed: z.boolean().optional(),
  count: z.literal(1).default(1),
});
export type CouponLine = z.infer<typeof couponLine>;

/** A fee line (online service fee, delivery fee): fixed id, posId 5007 and a price. */
export const feeLine = z.object({
  kind: z.literal('fee'),
  cartItemId: shortId,
  id: shortId,
  posId: z.number().int(),
  nameToDisplay: z.string().max(LIMITS.name),
  count: z.literal(1).default(1),
  itemTotal: price,
});
export type FeeLine = z.infer<typeof feeLine>;

export const cartLine = z.discriminatedUnion('kind', [productLine.extend({ kind: z.literal('product') }).strict(), couponLine.strict(), feeLine.strict()]);
export type CartLine = z.infer<typeof cartLine>;

export const cart = z.array(cartLine).max(LIMITS.orderLines);
export type Cart = z.infer<typeof cart>;

/** Coupon types (requirements#entities); their effect on the sums is documented in domain/coupons.ts. */
export const couponType = z.enum(['individual', 'amount', 'discount', 'bundle']);

/** One article of a bundle coupon: item id and size. */
export const bundleEntry = z.object({ id: z.string().min(1), vol: z.string().default('') });

/**
 * A coupon as the server keeps it and sends it (requirements#entities Coupon line, without the cart
 * fields). `redeemed` is true for a single-use coupon that an order has used; the redeemer and
 * the owner of an individual coupon stay on the server.
 */
export const coupon = z.object({
  couponCode: z.string().trim().min(1).max(40),
  type: couponType,
  title: z.string().min(1),
  text: z.string().default(''),
  /** Amount off in cents (amount, individual). */
  amount: price.default(0),
  /** Percent off (discount). */
  discount: z.number().int().min(0).max(100).default(0),
  /** Price of the bundle in cents (bundle). */
  fixedprice: price.optional(),
  bundle: z.array(bundleEntry).optional(),
  validUntil: epochMs.optional(),
  active: z.boolean().default(true),
  applicable: z.boolean().default(true),
  combinable: z.boolean().default(true),
  allowMulti: z.boolean().default(false),
  saveForDays: z.number().int().nonnegative().optional(),
  visibility: z.enum(['public', 'private']).default('public'),
  redeemed: z.boolean().default(false),
  image: z.string().optional(),
});
export type Coupon = z.infer<typeof coupon>;
export type CouponInput = z.input<typeof coupon>;

/** An offer (requirements#entities Offer): a price or a percent off for listed articles, per usecase. */
export const offer = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: z.enum(['priceOffer', 'discountOffer']),
  usecase: z.enum(['all', 'takeAway', 'delivery']),
  /** New size price in cents (priceOffer). */
  offerPrice: price.optional(),
  /** Percent off the unit price (discountOffer). */
  offerDiscount: z.number().int().min(0).max(100).optional(),
  /** Articles of the offer; without vol every size. */
  items: z.array(z.object({ id: z.string().min(1), vol: z.string().optional() })).min(1),
  active: z.boolean().default(true),
  validUntil: epochMs.optional(),
});
export type Offer = z.infer<typeof offer>;
export type OfferInput = z.input<typeof offer>;

/** A cart saved on the server so that a link with `cartId` restores it (requirements#shop-behaviour, requirements#calls Restore cart). */
export const savedCart = z.object({
  items: cart,
  lastModified: epochMs,
  context: z.object({ sourceDevice: z.string().default('') }),
});
export type SavedCart = z.infer<typeof savedCart>;
