import { z } from 'zod';
import { cart, coupon, offer, savedCart } from '../cart';
import { epochMs } from '../common';

/** Cart ids are unguessable: 22 URL-safe characters (about 130 random bits). */
export const cartId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'expected a cart id');

export const cartActions = {
  /**
   * LoadCoupons (requirements#calls, background pull "coupons"). Without a code: the public coupons
   * that can be shown (plus a signed-in user's own individual coupons) and the active offers.
   * With a code: that coupon (any visibility) in `coupons`, or an empty list when the code is
   * unknown, not this guest's, or no longer shown. Codes are matched case-insensitively.
   */
  LoadCoupons: {
    payload: z
      .object({ couponCode: z.string().trim().min(1).max(40).optional() })
      .strict()
      .optional(),
    response: z.object({
      coupons: z.array(coupon),
      offers: z.array(offer),
      /**
       * The code is a personal voucher and the caller is not signed in: 'bitte anmelden' instead of
       * 'ungültig' (docs/requirements.md#coupons-personal).
       */
      signInRequired: z.boolean().optional(),
    }),
  },
  /**
   * LoadCartItems (requirements#calls "Restore cart"): the cart saved under `cartId`. An unknown id
   * answers 404 (swallowed by the client, which shows the restore-failure toast).
   */
  LoadCartItems: {
    payload: z.object({ cartId }).strict(),
    response: z.object({ cart: savedCart }),
  },
  /**
   * SaveCart: stores the guest's cart on the server so that a link `/Korb?cartId=…` restores it
   * on another device or later (valid while modified less than 4 h ago). With the `cartId` of a
   * cart this browser saved before, that cart is updated; otherwise a new id is issued.
   */
  SaveCart: {
    payload: z
      .object({
        items: cart.min(1).max(100),
        cartId: cartId.optional(),
        sourceDevice: z.string().trim().max(60).optional(),
      })
      .strict(),
    response: z.object({ cartId, lastModified: epochMs }),
  },
} as const;
