import { z } from 'zod';
import { price } from './common';

/** One day of opening hours: window a and an optional window b (fromHour -1 = none). */
export const openingWindow = z.object({
  fromHour: z.number().int().min(-1).max(24),
  fromMinute: z.number().int().min(0).max(59),
  tillHour: z.number().int().min(-1).max(24),
  tillMinute: z.number().int().min(0).max(59),
});
export type OpeningWindow = z.infer<typeof openingWindow>;

export const openingDay = z.object({
  opened: z.boolean(),
  a: openingWindow,
  b: openingWindow,
});
export type OpeningDay = z.infer<typeof openingDay>;

/** Keyed by weekday '1' (Monday) to '7' (Sunday). */
export const openingHours = z.record(z.enum(['1', '2', '3', '4', '5', '6', '7']), openingDay);
export type OpeningHours = z.infer<typeof openingHours>;

/** Feature flags (requirements#roles-and-flags); defaults live in domain/features.ts. */
export const featureFlags = z.object({
  enableKellnerruf: z.boolean(),
  enableNews: z.boolean(),
  enableCoupons: z.boolean(),
  enableEnterCode: z.boolean(),
  enableFavs: z.boolean(),
  enableBestand: z.boolean(),
  enableAccount: z.boolean(),
  enableTip: z.boolean(),
  enableItemNote: z.boolean(),
  enableOrderNote: z.boolean(),
  enableMehrwegOption: z.boolean(),
  enableStempel: z.boolean(),
  enableInhousePay: z.boolean(),
  enableTakeawayPay: z.boolean(),
  /** Spelling as in the product. */
  enableTakwawayOhnePay: z.boolean(),
  enableDelivery: z.boolean(),
  enableDeliveryPay: z.boolean(),
  enableDeliveryOhnePay: z.boolean(),
  enableInhouseOhnePay: z.boolean(),
  enableCourses: z.boolean(),
  enableAllReady: z.boolean(),
  showInstallPwa: z.boolean(),
  orderingEnabled: z.boolean(),
  /** /debugParams for everyone on this host (a preview host); staff see it regardless (requirements#screens route debugParams). */
  enableDebugParams: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlags>;

export const orderBlock = z.object({
  delayInMinutes: z.number().int().nonnegative(),
  minOrderAmount: price,
  openingHours,
});

/**
 * A referral program (requirements#screens Overlays "referral", requirements#entities "referral programs list"): what the guest
 * passes on and what the friend gets; with a coupon code the shared link redeems it (route Einloesen).
 */
export const referralProgram = z.object({
  id: z.string().min(1).max(40),
  title: z.string().min(1).max(80),
  text: z.string().max(400),
  /** What the guest who recommends gets ('' when nothing). */
  reward: z.string().max(200).default(''),
  couponCode: z.string().max(40).optional(),
});
export type ReferralProgram = z.infer<typeof referralProgram>;

export const appConfig = z.object({
  orderingEnabled: z.boolean(),
  inhouseOrderingEnabled: z.boolean(),
  takeawayOrderingEnabled: z.boolean(),
  deliveryOrderingEnabled: z.boolean(),
  selfServiceEnabled: z.boolean(),
  /** A message shown to guests (empty: none). */
  userInfo: z.string().default(''),
  globalExtras: z.array(z.object({ label: z.string(), active: z.boolean() })).default([]),
  delayInMinutes: z.number().int().nonnegative(),
  minOrderAmount: price,
  openingHours,
  takeAway: orderBlock,
  delivery: orderBlock.extend({ deliveryFee: price }),
  features: featureFlags.partial().default({}),
  /** Payment providers enabled by the venue. */
  providers: z.object({ bar: z.boolean(), stripe: z.boolean(), paypal: z.boolean(), wallet: z.boolean(), customerCard: z.boolean() }),
  /** Online service fee in cents (0: none). */
  onlineServiceFee: price.default(0),
  allowedDeliveryPlz: z.array(z.string().regex(/^\d{4,5}$/)).default([]),
  /** Category ids that never ask for a course (in-house with courses on). */
  courseExemptCategories: z.array(z.string()).default([]),
  enabledCourses: z.array(z.enum(['Vorspeise', 'Hauptspeise', 'Dessert'])).default(['Vorspeise', 'Hauptspeise', 'Dessert']),
  stamp: z.object({ discount: price, type: z.number().int() }).default({ discount: 1500, type: 1 }),
  reservationUrl: z.string().optional(),
  lastModified: z.number().int().nonnegative().default(0),
  /** Reusable-packaging system offered to takeaway guests (enableMehrwegOption; sent as mehrwegOptionCompanyName). */
  mehrwegCompanyName: z.string().max(80).default(''),
  /** Referral programs shown in the referral overlay (drawer 'Freunde einladen'); none: no entry. */
  referralPrograms: z.array(referralProgram).max(10).default([]),
});
export type AppConfig = z.infer<typeof appConfig>;

/** A branch (requirements#entities Store). */
export const store = z.object({
  filialnummer: z.number().int().positive(),
  name: z.string(),
  plz: z.string(),
  strasse: z.string(),
  ort: z.string(),
  phone: z.string().optional(),
  email: z.string().optional(),
  /** Delivery fee of this branch in cents. */
  fee: price.default(0),
  orderingEnabled: z.boolean(),
  openingHours,
  lat: z.number().optional(),
  lng: z.number().optional(),
});
export type Store = z.infer<typeof store>;

/** Branch settings of a deployment (the host descriptor's `branch`). */
export const branchSettings = z.object({
  filialnummer: z.number().int().positive(),
  defaultPlz: z.string().regex(/^\d{5}$/),
  defaultCity: z.string().min(1),
  pickupAddress: z.string().min(1),
  /** Hosts whose name contains 'inhouse' are in-house hosts; this forces it regardless of the name. */
  inhouse: z.boolean().default(false),
});
export type BranchSettings = z.infer<typeof branchSettings>;
