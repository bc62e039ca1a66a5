import { coupon, offer, type Coupon, type CouponInput, type Offer, type OfferInput } from '@shop/shared/contract';
import { normalizeCouponCode } from '@shop/shared/domain/coupons';
import type { Db } from '../db/client';
import { coupons, offers } from '../db/schema';
import type { SeedExtra } from './registry';

const DAY = 24 * 60 * 60 * 1000;

/** The owner of the demo individual coupon (a Firebase uid; sign in as that user to redeem it). */
export const DEMO_INDIVIDUAL_OWNER = 'demo-stammgast';

export interface SeedCoupon {
  readonly coupon: Coupon;
  readonly ownerFuid?: string;
}

/**
 * Coupons of the demo restaurant (requirements#entities): one of each type and rule, German titles.
 * Money in cents; validity relative to the seeding time.
 */
export function seedCouponList(now: number): SeedCoupon[] {
  const list: (CouponInput & { ownerFuid?: string })[] = [
    {
      couponCode: 'WILLKOMMEN5',
      type: 'amount',
      title: '5 € Willkommensgutschein',
      text: 'Schön, dass du da bist! 5 € Rabatt auf deine Bestellung.',
      amount: 500,
      validUntil: now + 365 * DAY,
      allowMulti: true,
      saveForDays: 14,
      visibility: 'public',
    },
    {
      couponCode: 'SOMMER10',
      type: 'discount',
      title: '10 % Sommerrabatt',
      text: '10 % auf deinen ganzen Einkauf – den ganzen Sommer lang.',
      discount: 10,
      validUntil: now + 120 * DAY,
      allowMulti: true,
      visibility: 'public',
    },
    {
      couponCode: 'TACODEAL',
      type: 'bundle',
      title: 'Taco-Deal: Tacos al Pastor + Horchata',
      text: 'Drei Tacos al Pastor und eine Horchata (0,3 l) zusammen für 9,90 €.',
      fixedprice: 990,
      bundle: [
        { id: 'tacos-al-pastor', vol: 'standard' },
        { id: 'drink-horchata', vol: '0,3 l' },
      ],
      validUntil: now + 90 * DAY,
      allowMulti: true,
      visibility: 'public',
    },
    {
      couponCode: 'DANKE-STAMMGAST',
      type: 'individual',
      title: 'Dankeschön-Gutschein über 8 €',
      text: 'Danke für deine Treue! Nur für dein Konto.',
      amount: 800,
      validUntil: now + 60 * DAY,
      allowMulti: false,
      visibility: 'private',
      ownerFuid: DEMO_INDIVIDUAL_OWNER,
    },
    {
      couponCode: 'EINMAL15',
      type: 'amount',
      title: '15 € Einmal-Gutschein',
      text: 'Gilt für genau eine Bestellung.',
      amount: 1500,
      validUntil: now + 30 * DAY,
      allowMulti: false,
      visibility: 'private',
    },
    {
      couponCode: 'WINTER23',
      type: 'amount',
      title: 'Wintergutschein 3 €',
      text: 'Leider schon abgelaufen.',
      amount: 300,
      validUntil: now - 30 * DAY,
      allowMulti: true,
      visibility: 'public',
    },
    {
      couponCode: 'PARTY20',
      type: 'discount',
      title: '20 % Party-Rabatt',
      text: '20 % auf alles – nicht mit anderen Gutscheinen kombinierbar.',
      discount: 20,
      validUntil: now + 60 * DAY,
      combinable: false,
      allowMulti: true,
      visibility: 'private',
    },
    {
      couponCode: 'KAFFEE',
      type: 'amount',
      title: 'Gratis Kaffee im Restaurant',
      text: 'Zu jedem Hauptgericht vor Ort ein Kaffee aufs Haus.',
      amount: 0,
      validUntil: now + 60 * DAY,
      applicable: false,
      allowMulti: true,
      visibility: 'public',
    },
  ];
  return list.map(({ ownerFuid, ...input }) => ({
    coupon: coupon.parse({ ...input, couponCode: normalizeCouponCode(input.couponCode) }),
    ...(ownerFuid !== undefined ? { ownerFuid } : {}),
  }));
}

/** Offers of the demo restaurant (requirements#entities Offer). */
export function seedOfferList(): Offer[] {
  const list: OfferInput[] = [
    {
      id: 'horchata-abholung',
      name: 'Abhol-Angebot: große Horchata',
      type: 'priceOffer',
      usecase: 'takeAway',
      offerPrice: 450,
      items: [{ id: 'drink-horchata', vol: '0,5 l' }],
    },
    {
      id: 'veggie-woche',
      name: 'Veggie-Woche: 15 % auf die Veggie Bowl',
      type: 'discountOffer',
      usecase: 'all',
      offerDiscount: 15,
      items: [{ id: 'bowl-veggie' }],
    },
  ];
  return list.map((o) => offer.parse(o));
}

/** Seeds the coupons and offers (registered in seed/registry.ts). */
export const seedCoupons: SeedExtra = async (db: Db, now: number) => {
  let sort = 0;
  for (const { coupon: c, ownerFuid } of seedCouponList(now)) {
    await db
      .insert(coupons)
      .values({ code: c.couponCode, type: c.type, visibility: c.visibility, ownerFuid: ownerFuid ?? null, data: c, sort: sort++, updatedAt: now });
  }
  for (const o of seedOfferList()) await db.insert(offers).values({ id: o.id, active: o.active, data: o, updatedAt: now });
};
