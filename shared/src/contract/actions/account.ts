import { z } from 'zod';
import { epochMs, LIMITS } from '../common';
import { address } from '../order';

const fuid = z.string().trim().min(1).max(128);

/** The account record the server keeps per Firebase user (shop-spec §3 User). */
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

/** The stamp card of a registered user (shop-spec §3 Stamp card; checkout-spec §2, §4). */
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
 * UpsertAppUser (shop-spec §7 "Upsert user"): fuid, name, email, phone, providerId, emailVerified,
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
export type UpsertAppUserPayload = z.input<typeof upsertAppUserPayload>;

/**
 * UpdateAppUserProfile (the Account page's profile, issue 14): the caller's name and phone, and each
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
  /** LoadAppUser (shop-spec §7 "account is reloaded"): the caller's account record, null before the first upsert. */
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
   * MergeAnonymousUser (shop-spec §4: anonymous upgrade conflicts): an anonymous guest signed in to
   * an existing account instead of upgrading; the guest's orders and this device's favourites move
   * to the account. The guest proves the session with its own ID token.
   */
  MergeAnonymousUser: {
    payload: z.object({ anonymousIdToken: idToken }).strict(),
    response: z.object({ movedOrders: z.number().int().nonnegative() }),
  },
  /** LoadStempelkarte (shop-spec §7 "Load stamp card"): fuid -> ok, stempelkarte. */
  LoadStempelkarte: {
    payload: z.object({ fuid }).strict(),
    response: z.object({ stempelkarte: stampCard }),
  },
} as const;
