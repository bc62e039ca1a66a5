import { z } from 'zod';
import { epochMs } from '../common';
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

export const accountActions = {
  UpsertAppUser: {
    payload: upsertAppUserPayload,
    response: z.object({ user: appUser }),
  },
  /** LoadStempelkarte (shop-spec §7 "Load stamp card"): fuid -> ok, stempelkarte. */
  LoadStempelkarte: {
    payload: z.object({ fuid }).strict(),
    response: z.object({ stempelkarte: stampCard }),
  },
} as const;
