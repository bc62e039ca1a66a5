import { z } from 'zod';
import { epochMs, LIMITS } from '../common';
import { address } from '../order';
import { SHOP_CONSTANTS } from '../../domain/shop-constants';

const fuid = z.string().trim().min(1).max(128);

/** The account record the server keeps per Firebase user (requirements#entities User). */
export const appUser = z.object({
  fuid,
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string(),
  providerId: z.string(),
  primaryCardId: z.string().optional(),
  invoiceAddress: address.optional(),
  deliveryAddress: address.optional(),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type AppUser = z.infer<typeof appUser>;

/** The stamp card of a registered user (requirements#entities Stamp card; requirements#checkout-screens, requirements#checkout-behaviour). */
export const stampCard = z.object({
  fuid,
  /** Score in euros of spend; the card shows stampsShown(punktestand). */
  punktestand: z.number().int().nonnegative(),
  stempelType: z.number().int(),
  /** Discount of a full card in cents. */
  discount: z.number().int().nonnegative(),
});
export type StampCard = z.infer<typeof stampCard>;

/**
 * UpsertAppUser (requirements#calls "Upsert user"): fuid, name, email, phone, providerId, emailVerified,
 * optional invoice and delivery address. The server takes uid, e-mail and verification state from
 * the verified ID token; the fuid must be the caller's own.
 */
export const upsertAppUserPayload = z
  .object({
    fuid,
    name: z.string().trim().max(120).default(''),
    email: z.string().trim().max(254).default(''),
    phone: z.string().trim().max(40).default(''),
    providerId: z.string().trim().max(64).default('password'),
    emailVerified: z.boolean().default(false),
    invoiceAddress: address.optional(),
    deliveryAddress: address.optional(),
  })
  .strict();

/**
 * UpdateAppUserProfile (the Account page's profile): the caller's name and phone, and each
 * address: given (with a street) to store it, null to remove it, absent to keep it. Checked with the
 * profile rules of shared/src/domain/profile.ts on the server too.
 */
export const updateAppUserProfilePayload = z
  .object({
    fuid,
    name: z.string().trim().max(LIMITS.personName),
    phone: z.string().trim().max(LIMITS.phone).default(''),
    invoiceAddress: address.nullable().optional(),
    deliveryAddress: address.nullable().optional(),
  })
  .strict();
export type UpdateAppUserProfilePayload = z.input<typeof updateAppUserProfilePayload>;

/** A Firebase ID token (a JWT: three base64url parts). */
const idToken = z
  .string()
  .max(8_192)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'expected a Firebase ID token');

export const accountActions = {
  UpsertAppUser: {
    payload: upsertAppUserPayload,
    response: z.object({ user: appUser }),
  },
  /** LoadAppUser (requirements#calls "account is reloaded"): the caller's account record, null before the first upsert. */
  LoadAppUser: {
    payload: z.object({ fuid }).strict(),
    response: z.object({ user: appUser.nullable() }),
  },
  UpdateAppUserProfile: {
    payload: updateAppUserProfilePayload,
    response: z.object({ user: appUser }),
  },
  /**
   * DeleteAppUser (GDPR): deletes the caller's account record, saved payment cards and stamps, and
   * keeps their orders anonymised (no name, e-mail, phone, addresses, user id). The browser then
   * deletes the Firebase user.
   */
  DeleteAppUser: {
    payload: z.object({ fuid }).strict(),
    response: z.object({ deleted: z.literal(true), ordersAnonymised: z.number().int().nonnegative() }),
  },
  /**
   * MergeAnonymousUser (requirements#shop-behaviour: anonymous upgrade conflicts): an anonymous guest signed in to
   * an existing account instead of upgrading; the guest's orders and this device's favourites move
   * to the account. The guest proves the session with its own ID token.
   */
  MergeAnonymousUser: {
    payload: z.object({ anonymousIdToken: idToken }).strict(),
    response: z.object({ movedOrders: z.number().int().nonnegative() }),
  },
  /**
   * ClaimDeviceOrders (docs/requirements.md#stamp-card): after signing up or in, the orders this
   * device placed as a guest become the account's, with their stamps. Each order comes with its
   * access token (the capability the device got when it placed it): an order id alone claims nothing.
   */
  ClaimDeviceOrders: {
    payload: z
      .object({
        orders: z
          .array(z.object({ uniqueOrderId: z.string().min(1).max(LIMITS.id), accessToken: z.string().min(1).max(LIMITS.id) }).strict())
          .max(SHOP_CONSTANTS.lastOrdersMax),
      })
      .strict(),
    response: z.object({ claimedOrders: z.number().int().nonnegative() }),
  },
  /** LoadStempelkarte (requirements#calls "Load stamp card"): fuid -> ok, stempelkarte. */
  LoadStempelkarte: {
    payload: z.object({ fuid }).strict(),
    response: z.object({ stempelkarte: stampCard }),
  },
} as const;
