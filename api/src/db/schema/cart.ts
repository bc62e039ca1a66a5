import { bigint, boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { Cart, Coupon, Offer } from '@shop/shared/contract';
import { orders } from './orders';

/**
 * Coupons (requirements#entities). `code` is the normalised code (normalizeCouponCode). The owner of an
 * individual coupon is a column so that it never travels in `data` to a client.
 */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  type: text('type').$type<Coupon['type']>().notNull(),
  visibility: text('visibility').$type<Coupon['visibility']>().notNull(),
  /** Firebase uid of the one account that may redeem an individual coupon. */
  ownerFuid: text('owner_fuid'),
  data: jsonb('data').$type<Coupon>().notNull(),
  sort: integer('sort').notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * Which order used which coupon. A single-use coupon (allowMulti false) writes its code into
 * `single_use_key`; the unique constraint lets exactly one order in total redeem it, even when
 * orders race (the insert runs in the order's transaction). Multi-use coupons leave it null.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code),
    uniqueOrderId: text('unique_order_id')
      .notNull()
      .references(() => orders.uniqueOrderId, { onDelete: 'cascade' }),
    singleUseKey: text('single_use_key').unique('coupon_redemptions_single_use_key_unique'),
    fuid: text('fuid'),
    browserId: text('browser_id').notNull(),
    redeemedAt: bigint('redeemed_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('coupon_redemptions_code_idx').on(t.couponCode), unique('coupon_redemptions_code_order_unique').on(t.couponCode, t.uniqueOrderId)],
);

/** Offers (requirements#entities Offer); the pricing engine applies the active ones. */
export const offers = pgTable('offers', {
  id: text('id').primaryKey(),
  active: boolean('active').notNull().default(true),
  data: jsonb('data').$type<Offer>().notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** Carts saved for a `cartId` link (SaveCart / LoadCartItems); only the saving browser may update one. */
export const carts = pgTable(
  'carts',
  {
    cartId: text('cart_id').primaryKey(),
    browserId: text('browser_id').notNull(),
    items: jsonb('items').$type<Cart>().notNull(),
    sourceDevice: text('source_device').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    lastModified: bigint('last_modified', { mode: 'number' }).notNull(),
  },
  (t) => [index('carts_modified_idx').on(t.lastModified)],
);
